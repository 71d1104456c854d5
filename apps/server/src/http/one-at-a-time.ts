import type pg from 'pg';
import type { HttpError } from './errors';

/**
 * Runs `work` only when no other request holds `key`, on any server: a PostgreSQL session advisory lock
 * (`pg_try_advisory_lock`) taken on a connection of its own and held until the work ends. A second
 * request meanwhile gets `busy()` at once instead of queueing behind the first. Should this process die,
 * its connection closes and PostgreSQL frees the lock.
 */
export async function oneAtATime<T>(
  pool: pg.Pool,
  key: string,
  busy: () => HttpError,
  work: () => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  let locked: boolean;
  try {
    const result = await client.query<{ locked: boolean }>(
      'select pg_try_advisory_lock(hashtextextended($1, 0)) as locked',
      [key],
    );
    locked = result.rows[0]?.locked === true;
  } catch (error) {
    client.release(error as Error);
    throw error;
  }
  if (!locked) {
    client.release();
    throw busy();
  }
  try {
    return await work();
  } finally {
    try {
      await client.query('select pg_advisory_unlock(hashtextextended($1, 0))', [key]);
      client.release();
    } catch (error) {
      // Not returned to the pool with the lock still held: closing the connection frees it.
      client.release(error as Error);
    }
  }
}
