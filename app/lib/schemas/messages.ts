import type { ZodErrorMap } from 'zod';

/**
 * The message of every issue a field raises, whatever the check that failed: an i18n key (or a spec's literal
 * text, shown through t() all the same), so the library's own wording ("Expected number, received nan")
 * never reaches a person. `missing` is the message when the field was not sent at all; a check given its own
 * message keeps it.
 */
export function says(message: string, missing = message): { errorMap: ZodErrorMap } {
  return {
    errorMap: (issue) => ({
      message: issue.code === 'invalid_type' && issue.received === 'undefined' ? missing : message,
    }),
  };
}

/** A value no form of ours sends (a button's intent, a hidden id): the user can only resend the form. */
export const INVALID = 'validation.invalid';

/** Text past a field's limit (the inputs' maxlength stops it first with JavaScript on or off). */
export const TOO_LONG = 'validation.tooLong';
