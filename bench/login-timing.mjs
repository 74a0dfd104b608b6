/**
 * Login timing by path: a wrong password on a real account against an unknown e-mail. Both must cost
 * one argon2 verify (users/service.ts `login`), so an attacker cannot tell which e-mails have accounts
 * from how long the answer takes. The unit test counts the verifies and checks the decoy hash has the
 * real parameters; this measures the time, which a test on a busy machine cannot assert.
 *
 *   npm run build && npm run bench:login            (--rounds N, default 8)
 *
 * Each request comes from its own address (X-Forwarded-For, TRUST_PROXY=1) and each account takes
 * fewer wrong passwords than the throttle's slowdown starts at (a fresh set every 8 rounds), so only
 * the password check is timed. A Google-only account takes the unknown e-mail's path (the decoy hash);
 * the unit test covers it, this needs Google sign-in to make one.
 * Reported, not asserted: min, p50 and p90 per path, and the ratios unknown / known.
 */
import { fmt, machine, startShop } from './lib.mjs';

const rounds = Number(process.argv[process.argv.indexOf('--rounds') + 1]) || 8;
const ACCOUNTS = 12;
/** Wrong passwords per account, below the throttle's slowdown (ACCOUNT_SLOWDOWN_AFTER = 10). */
const ROUNDS_PER_ACCOUNT = 8;
let address = 0;
const nextIp = () => {
  address++;
  return `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
};

const post = async (url, body) => {
  const started = performance.now();
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': nextIp() },
    body: JSON.stringify(body),
  });
  await res.arrayBuffer();
  return { status: res.status, ms: performance.now() - started };
};

const stats = (times) => {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (p) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
  return { min: sorted[0], p50: at(0.5), p90: at(0.9) };
};

/** Fresh accounts, each to take at most ROUNDS_PER_ACCOUNT wrong passwords. */
async function registerAccounts(url, batch) {
  const emails = [];
  for (let i = 0; i < ACCOUNTS; i++) {
    const email = `bench-login-${Date.now()}-${batch}-${i}@example.com`;
    const res = await post(`${url}/api/users/register`, {
      firstName: 'Bench',
      lastName: 'Login',
      email,
      password: 'Bench-Password-1',
    });
    if (res.status !== 201) throw new Error(`register answered ${res.status}`);
    emails.push(email);
  }
  return emails;
}

const shop = await startShop({});
try {
  const known = [];
  const unknown = [];
  let emails = [];
  for (let round = 0; round < rounds; round++) {
    if (round % ROUNDS_PER_ACCOUNT === 0) emails = await registerAccounts(shop.url, round);
    for (let i = 0; i < ACCOUNTS; i++) {
      const a = await post(`${shop.url}/api/users/login`, { email: emails[i], password: 'Wrong-Password-1' });
      const b = await post(`${shop.url}/api/users/login`, {
        email: `nobody-${round}-${i}-${Date.now()}@example.com`,
        password: 'Wrong-Password-1',
      });
      if (a.status !== 401 || b.status !== 401) throw new Error(`login answered ${a.status} / ${b.status}`);
      known.push(a.ms);
      unknown.push(b.ms);
    }
  }
  const k = stats(known);
  const u = stats(unknown);
  console.log(machine());
  console.log(`${known.length} attempts per path, interleaved\n`);
  console.log('| path | min | p50 | p90 |');
  console.log('|---|---|---|---|');
  console.log(`| wrong password, real account | ${fmt(k.min)} ms | ${fmt(k.p50)} ms | ${fmt(k.p90)} ms |`);
  console.log(`| unknown e-mail | ${fmt(u.min)} ms | ${fmt(u.p50)} ms | ${fmt(u.p90)} ms |`);
  console.log(
    `| unknown / known | ${fmt(u.min / k.min, 2)} | ${fmt(u.p50 / k.p50, 2)} | ${fmt(u.p90 / k.p90, 2)} |`,
  );
} finally {
  await shop.stop();
}
