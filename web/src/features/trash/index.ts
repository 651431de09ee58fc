/** The Lixeira tab, and the live count of leads in the trash that its tab label shows. */
export { TrashTab } from './components/TrashTab/TrashTab';
export { useTrashCount } from './hooks/use-trash-count';
