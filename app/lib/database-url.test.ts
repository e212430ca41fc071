import { describe, expect, it } from 'vitest';
import { databaseEngine, requireDatabaseEngine } from './database-url';

describe('DATABASE_URL', () => {
  it('names SQLite with file: and PostgreSQL with postgres:// or postgresql://', () => {
    expect(databaseEngine('file:./data/app.db')).toBe('sqlite');
    expect(databaseEngine('postgresql://app:secret@db.internal:5432/aiv')).toBe('postgresql');
    expect(databaseEngine('postgres://db/aiv')).toBe('postgresql');
  });

  it('refuses anything else with a message that shows no password', () => {
    for (const url of [
      '',
      'file:',
      'mysql://u:p@h/db',
      'postgresql:',
      './data/app.db',
      'sqlite://x',
    ]) {
      expect(databaseEngine(url), url).toBeNull();
    }
    expect(() => requireDatabaseEngine('mysql://admin:hunter2@h/db')).toThrow(
      /DATABASE_URL must be "file:<path>".*got "mysql:\/\/admin:\*\*\*@h\/db"/,
    );
  });
});
