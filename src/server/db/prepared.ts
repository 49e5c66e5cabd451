/**
 * Prepared statements of a list, one per shape of request (which filters are set, the sort, the access rule): a
 * statement is built by `build` on first use and kept, its values passed as parameters on each execution. The `pg`
 * driver sends it by name, so each database connection parses and plans it once, and Drizzle builds it once per
 * process. The shape must name everything that changes the statement's SQL; it is part of the statement's name.
 */
export function statementsByShape<Statement>() {
  const statements = new Map<string, Statement>();
  return (shape: string, build: () => Statement): Statement => {
    let statement = statements.get(shape);
    if (!statement) {
      statement = build();
      statements.set(shape, statement);
    }
    return statement;
  };
}
