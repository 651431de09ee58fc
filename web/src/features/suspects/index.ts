/** 'Suspeitos': the leads the screening set aside, their count, and the view that releases or trashes them. */
export { SuspectsEntry } from './components/SuspectsEntry/SuspectsEntry';
export { useHeldCount } from './hooks/use-held-count';
