// SPDX-License-Identifier: MIT
// The terminal examples of the docs are what the programs print: each "$ CMD"
// line in a fenced block of the given Markdown files is run (in doc order, in
// one scratch directory, so a file one example writes is there for the next)
// and the lines below it, up to the next "$ " or the block's end, must be its
// output line for line. A line starting with "(" (a narrative note) or "..."
// ends the comparison for that example; a timing line ("... kicks in 0.21 s
// on ...") is skipped.
//   node docs_examples.mjs APPS_DIR WORKDIR FILE.md...
// APPS_DIR holds <name>/<name> for each program; KS_MAKE_SHOOTOUT (optional)
// writes the shootout.ksso the examples verify.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';

const [apps, work, ...docs] = process.argv.slice(2);
const programs = ['kick-cli', 'brake-cli', 'walk-cli', 'ks-timeline'];
const path = programs.map((p) => resolve(apps, p)).join(':') + ':' + process.env.PATH;
// Examples that cannot run here, and why.
const skip = [
  [/other\.jsonl/, 'a second timeline the reader has'],
  [/\bCODE\b/, 'a placeholder for a share code'],
  [/--players 20\b/, 'a sweep of minutes (tests/sweep runs sweeps)'],
  [/^node /, 'the wasm build (tests/brake runs it)'],
  [/\bbalance\.html\b|sweep\.json/, 'needs the sweep above'],
];
rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });
if (process.env.KS_MAKE_SHOOTOUT) execFileSync(process.env.KS_MAKE_SHOOTOUT, ['shootout.ksso'], { cwd: work });

let fails = 0, checks = 0;
for (const doc of docs) {
  const lines = readFileSync(doc, 'utf8').split('\n');
  let inBlock = false, cmd = null, want = [], at = 0;
  const finish = () => {
    if (cmd === null) return;
    while (want.length && want[want.length - 1] === '') want.pop();
    const why = skip.find(([re]) => re.test(cmd));
    const first = cmd.split(/\s+/)[0];
    if (why || ![...programs, 'head'].includes(first) || (/shootout\.ksso/.test(cmd) && !process.env.KS_MAKE_SHOOTOUT)) {
      cmd = null;
      return;
    }
    const r = spawnSync('bash', ['-c', cmd], { cwd: work, env: { ...process.env, PATH: path }, encoding: 'utf8' });
    const got = r.stdout.replace(/\n$/, '').split('\n');
    const where = `${doc}:${at}: $ ${cmd}`;
    if (r.status !== 0 && !/compare|verify/.test(cmd)) {
      console.log(`FAIL: ${where}: exit ${r.status}: ${r.stderr.trim()}`);
      fails++;
    }
    for (let i = 0, g = 0; i < want.length; i++, g++) {
      if (want[i].startsWith('(') || want[i].startsWith('...')) break;
      while (g < got.length && / kicks in [0-9.]+ s on /.test(got[g])) g++;
      if (/ kicks in [0-9.]+ s on /.test(want[i])) {
        g--;
        continue;
      }
      if (got[g] !== want[i]) {
        console.log(`FAIL: ${where}: line ${i + 1}:\n  doc:    ${want[i]}\n  actual: ${got[g] ?? '(no line)'}`);
        fails++;
        break;
      }
      checks++;
    }
    cmd = null;
  };
  lines.forEach((line, n) => {
    if (line.startsWith('```')) {
      finish();
      inBlock = !inBlock;
      return;
    }
    if (!inBlock) return;
    if (line.startsWith('$ ')) {
      finish();
      cmd = line.slice(2).replace(/\s+#.*$/, '');
      want = [];
      at = n + 1;
    } else if (cmd !== null) {
      want.push(line);
    }
  });
}
console.log(`docs examples: ${checks} lines as documented, ${fails} differ`);
process.exit(fails === 0 && checks > 0 ? 0 : 1);
