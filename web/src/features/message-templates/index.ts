/** What app/ uses of the message templates: their section of Configurações. */
export { MessageTemplatesSettings } from './components/MessageTemplatesSettings/MessageTemplatesSettings';
