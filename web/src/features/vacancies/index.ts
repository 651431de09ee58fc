/** What app/ uses of the vacancy lists: their section of Configurações ('Vagas e localidades'). */
export { VacanciesSettings } from './components/VacanciesSettings/VacanciesSettings';
