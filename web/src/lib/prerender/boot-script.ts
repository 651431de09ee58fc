/** Entry of the boot script (boot.ts), compiled by vite.boot-script.ts to a classic script. */
import { boot, readBootData } from './boot';

boot(window, readBootData(document));
