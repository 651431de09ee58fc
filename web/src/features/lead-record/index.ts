/** What app/ uses of the record: the drawer opened at /admin/leads/:id. */
export {
  LeadRecordDrawer,
  type LeadRecordDrawerProps,
} from './components/LeadRecordDrawer/LeadRecordDrawer';
