// Errors for bad input. Every one names the field and the reason, so a user can fix it.

export interface Issue {
  /** Where: a dotted path into the input ("figures[2].dx", "command.target"). */
  path: string;
  /** Why, in plain words ("expected a number, got 'high'"). */
  message: string;
}

export class InputError extends Error {
  constructor(
    readonly issues: readonly Issue[],
    what = 'input',
  ) {
    super(`invalid ${what}: ${issues.map((i) => `${i.path || '(root)'}: ${i.message}`).join('; ')}`);
    this.name = 'InputError';
  }
}

/** A command that is well formed but not legal now (wrong phase, not your figure, out of reach...). */
export class CommandRejected extends InputError {
  constructor(path: string, message: string) {
    super([{ path, message }], 'command');
    this.name = 'CommandRejected';
  }
}
