#!/usr/bin/env node
// `npm test`: typecheck, lint, then every vitest suite; ends with the plain line
// "N passed, N failed" that CI reads. Suites that need a browser or PostgreSQL run when
// those are present (CI installs both); otherwise the line says which suites were not run.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';

const run = (cmd, args, env = {}) =>
  spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;

let passed = 0;
let failed = 0;
const notRun = [];

function step(name, cmd, args) {
  const code = run(cmd, args);
  if (code === 0) passed += 1;
  else {
    failed += 1;
    console.error(`\n${name} failed (exit ${code})`);
  }
}

function vitest(name, args, env = {}) {
  const report = `.vitest-report-${name}.json`;
  rmSync(report, { force: true });
  const code = run('npx', ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`], env);
  if (!existsSync(report)) {
    failed += 1;
    console.error(`\n${name}: vitest produced no report (exit ${code})`);
    return;
  }
  const r = JSON.parse(readFileSync(report, 'utf8'));
  rmSync(report, { force: true });
  passed += r.numPassedTests;
  failed += r.numFailedTests + (code !== 0 && r.numFailedTests === 0 ? 1 : 0);
}

// The library's build first (docs/LIBRARY.md): the typecheck reads its types through `'fray'`.
step('library build', 'npm', ['run', '--silent', 'prepare']);
step('typecheck', 'npx', ['tsc', '--noEmit', '-p', '.']);
step('lint', 'npx', ['biome', 'lint', '.']);
vitest('unit', []);
if (existsSync('/usr/bin/chromium') && existsSync('web/e2e/vitest.config.ts')) {
  vitest('e2e', ['-c', 'web/e2e/vitest.config.ts']);
} else if (existsSync('web/e2e/vitest.config.ts')) {
  notRun.push('browser e2e (no /usr/bin/chromium; .ci/run installs it)');
}
if (!process.env.FRAY_TEST_PG) notRun.push('PostgreSQL storage suite (set FRAY_TEST_PG to a postgres:// URL; .ci/run does)');

for (const n of notRun) console.log(`not run: ${n}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
