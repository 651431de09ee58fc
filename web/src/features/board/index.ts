/** What app/ uses of the board: the view of the four statuses. */
export { LeadBoard, type LeadBoardProps } from './components/LeadBoard/LeadBoard';
