// Run by build.mjs after bundling: writes dist/initial-data.tar.gz (see db/initial-data.ts).
import { initialDataDirFile, writeInitialDataDir } from './db/initial-data.js';

const file = initialDataDirFile();
const bytes = await writeInitialDataDir(file);
console.log(`Ready-made embedded database: ${(bytes / 1e6).toFixed(1)} MB`);
