import type { ReactNode } from "react";
import { Link } from "react-router";
import { linkClass, mutedTextClass } from "../../components/form/form-fields";

/** The heading of a sign-in, sign-up or recovery screen, with what it is for. */
export function AuthHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div>
      <h1 className="text-2xl font-bold sm:text-3xl">{title}</h1>
      {children ? <p className={`mt-1 ${mutedTextClass}`}>{children}</p> : null}
    </div>
  );
}

/** Under an account screen's form: the other screen to go to ("Already have an account? Sign in"). */
export function AuthFooterLink({ question, to, children }: { question: string; to: string; children: ReactNode }) {
  return (
    <p className={`text-center ${mutedTextClass}`}>
      {question}{" "}
      <Link to={to} className={linkClass}>
        {children}
      </Link>
    </p>
  );
}
