/** Configurações → a candidate's request: find, export or erase one person's data (LGPD). */
export { CandidateRequest } from './components/CandidateRequest/CandidateRequest';
