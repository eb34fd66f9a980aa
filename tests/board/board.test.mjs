// SPDX-License-Identifier: MIT
// The board's forgery suite against SQLite (a fresh file in a temporary
// folder); tests/board/board_pg.test.mjs runs the same suite against PostgreSQL.
import { finish, mkdtempSync, rmSync, tmpdir, join } from './lib.mjs';
import { runSuite } from './suite.mjs';

const dir = mkdtempSync(join(tmpdir(), 'ks-board-'));
try {
  await runSuite(join(dir, 'board.sqlite'), 'sqlite');
} finally {
  rmSync(dir, { recursive: true, force: true });
}
finish();
