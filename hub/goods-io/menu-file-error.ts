import type { ImportIssue } from '#protocol';

/** The issues that describe a menu file as a whole (reported on row 0). */
export type FileIssue = Extract<ImportIssue, 'fileXls' | 'fileXlsb' | 'fileEncrypted' | 'fileOds' | 'fileTooBig' | 'fileDamaged' | 'encoding' | 'noMenuSheet' | 'unreadable' | 'tooManyRows'>;

/**
 * A menu file the hub refuses as a whole, with the issue the owner is shown.
 * `detail` is for the hub's own log and tests (which limit, which part); it
 * never reaches a person, the client translates `issue`.
 */
export class MenuFileError extends Error {
  override name = 'MenuFileError';
  readonly issue: FileIssue;
  readonly detail: string;

  constructor(issue: FileIssue, detail = '') {
    super(detail ? `${issue}: ${detail}` : issue);
    this.issue = issue;
    this.detail = detail;
  }
}
