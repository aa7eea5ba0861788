/** Accounts created by bench:seed (bench/seed-scale.ts), all with the same password. */
export const BENCH_PASSWORD = 'demo1234';

/** bench-u-50…59: plain users (bench:seed gives indexes 4–27 to staff, every 100th to agencies). */
export const PLAIN_ACCOUNTS = Array.from({ length: 10 }, (_, i) => `bench-u-${50 + i}@example.com`);
