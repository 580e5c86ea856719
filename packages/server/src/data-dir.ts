import path from 'node:path';

/**
 * DATA_DIR as the server resolves it (default `data`): npm runs workspace scripts in the workspace
 * folder, so a relative path is the caller's (INIT_CWD). No zod here: main.ts needs it before the
 * rest of the server loads (config.ts validates the same variable).
 */
export function dataDirFrom(env: NodeJS.ProcessEnv): string {
  return path.resolve(env.INIT_CWD ?? process.cwd(), env.DATA_DIR || 'data');
}
