import { loadConfig, type Config } from '../config';
import { openDatabase, type DatabaseHandle } from './client';

/** Opens and migrates the database the environment names (PostgreSQL, else PGlite in DATA_DIR). */
export const openConfiguredDatabase = async (config: Config = loadConfig()): Promise<DatabaseHandle> => {
  const handle = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl, poolMax: config.pgPoolMax }
      : { kind: 'pglite', dataDir: config.dataDir },
  );
  await handle.migrate();
  return handle;
};
