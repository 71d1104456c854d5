import { mountOptions } from './options';

void mountOptions(document.getElementById('root')!);
