import { openDatabase } from '@server/db/client';
const t = Date.now();
const db = await openDatabase({ databaseUrl: process.env.DATABASE_URL, statementTimeoutMs: 3_600_000 });
console.log('migrated in', Date.now() - t, 'ms');
await db.close();
