// SPDX-License-Identifier: MIT
// kill -9 during writes, SQLite (tests/board/kill.mjs); board_pg.test.mjs runs it on PostgreSQL.
import { finish, mkdtempSync, rmSync, tmpdir, join } from './lib.mjs';
import { killTest } from './kill.mjs';

const dir = mkdtempSync(join(tmpdir(), 'ks-board-kill-'));
try {
  await killTest(join(dir, 'board.sqlite'), 'sqlite');
} finally {
  rmSync(dir, { recursive: true, force: true });
}
finish();
