/** react-hook-form's register options for optional fields whose empty value the API expects as null (dates, people). */
export const emptyAsNull = { setValueAs: (value: string) => value || null } as const;

/** The same for optional fields the API expects absent when empty. */
export const emptyAsAbsent = { setValueAs: (value: string) => value || undefined } as const;
