import { openDatabase } from '../db/client';
import { migrateDatabase } from '../db/migrate';
import { seedDemo } from './demo';

const url = process.argv[2];
const orders = Number(process.argv[3] ?? 4000);
const handle = await openDatabase({ url: url || undefined, dataDir: 'memory://' });
let t = performance.now();
await migrateDatabase(handle);
console.log('migrate', Math.round(performance.now() - t));
t = performance.now();
const summary = await seedDemo({ db: handle.db, now: new Date('2026-11-21T03:00:00Z'), orders });
console.log(summary, Math.round(performance.now() - t));
await handle.close();
