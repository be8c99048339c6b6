/** The server's time, read through one place so tests can move it (e.g. past a lockout). */
export const clock = {
  now: (): Date => new Date(),
};
