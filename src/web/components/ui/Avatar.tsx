type Person = { firstName: string; lastName: string; avatar: string | null };

const sizes = { sm: "size-8 text-sm", md: "size-12 text-base", lg: "size-24 text-2xl" } as const;

/** A person's photo, or their initials on the brand colour when they have none. Decorative: the name is always beside it. */
export function Avatar({ person, size = "sm" }: { person: Person; size?: keyof typeof sizes }) {
  if (person.avatar) {
    return <img src={person.avatar} alt="" className={`${sizes[size]} shrink-0 rounded-full object-cover`} width={96} height={96} />;
  }
  const initials = `${person.firstName.charAt(0)}${person.lastName.charAt(0)}`.toUpperCase();
  return (
    <span
      aria-hidden
      className={`${sizes[size]} flex shrink-0 items-center justify-center rounded-full bg-brand-900 font-semibold text-white dark:bg-white dark:text-brand-900`}
    >
      {initials}
    </span>
  );
}
