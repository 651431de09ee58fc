/** The Leads tab: live list of active leads, counters, filters, actions and export. */
export { LeadsTab } from './components/LeadsTab/LeadsTab';
export { useActiveLeads, type ActiveLeads } from './hooks/use-active-leads';
export { openingListClauses } from './hooks/use-leads-view';
// The filters, for the board (app/admin-panel holds their values for the list and the board).
export { LeadFilters, noFilters, type FilterValues } from './components/LeadFilters/LeadFilters';
export { clausesOf as filterClauses } from './hooks/use-leads-view';
export {
  defaultListView,
  listViewOf,
  paramsOfSavedView,
  sameListView,
  savedViewOf,
  withListView,
  type ListView,
} from './list-url';
