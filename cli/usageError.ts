/** Bad usage: reported in one line with a pointer to --help, exit status 2. */
export class UsageError extends Error {}
