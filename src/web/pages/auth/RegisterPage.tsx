import { useMutation } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useNavigate, useSearchParams } from "react-router";
import { ApiError } from "../../../shared/api";
import { type RegistrationInput, registrationSchema } from "../../../shared/auth";
import { authMessages } from "../../../shared/auth-messages";
import { departments, GENERAL_USERS } from "../../../shared/departments";
import { legalPages } from "../../../shared/legal";
import type { InvitationPreview } from "../../../shared/projects";
import { failureMessage, showFieldErrors } from "../../components/form/form-errors";
import {
  EmailField,
  FormAlert,
  FormSuccess,
  mutedTextClass,
  PasswordField,
  SelectField,
  TextField,
} from "../../components/form/form-fields";
import { SubmitButton } from "../../components/ui/SubmitButton";
import { AuthFooterLink, AuthHeader } from "../../features/auth/AuthScreen";
import { authApi } from "../../features/auth/api";
import { ProviderButtons } from "../../features/auth/ProviderButtons";
import { useCompany } from "../../features/site/use-page-seo";
import { zodResolver } from "../../lib/form-resolver";

const fields = [
  "firstName",
  "lastName",
  "email",
  "phone",
  "location",
  "company",
  "department",
  "isStaff",
  "password",
  "confirmPassword",
] as const;

/** Departments a staff member can belong to ("General Users" is every client's). */
const staffDepartments = departments.filter((department) => department.name !== GENERAL_USERS);

const emptyRegistration: RegistrationInput = {
  firstName: "",
  lastName: "",
  email: "",
  phone: "",
  location: "",
  company: "",
  department: undefined,
  isStaff: false,
  password: "",
  confirmPassword: "",
};

type Failure = { message: string; offerSignIn?: boolean };

function registrationFailure(error: unknown): Failure {
  if (error instanceof ApiError && error.status === 409) return { message: authMessages.emailTaken, offerSignIn: true };
  if (error instanceof ApiError && error.status === 403) return { message: authMessages.registrationDisabled };
  return { message: failureMessage(error, authMessages.registrationFailed) };
}

type Invitation = { token: string | null; preview: InvitationPreview | null; failure: string | null };

/**
 * A project's invitation link (/register?invitation=…): its address and name fill in the form, and after the email is
 * confirmed the sign-in brings the new client to the project.
 */
function useInvitation(reset: (values: RegistrationInput) => void): Invitation {
  const [searchParams] = useSearchParams();
  const token = searchParams.get("invitation");
  const [state, setState] = useState<Omit<Invitation, "token">>({ preview: null, failure: null });
  useEffect(() => {
    if (!token) return;
    let current = true;
    authApi.invitation(token).then(
      (preview) => {
        if (!current) return;
        reset({ ...emptyRegistration, email: preview.email, firstName: preview.firstName, lastName: preview.lastName });
        setState({ preview, failure: null });
      },
      (error: unknown) => current && setState({ preview: null, failure: failureMessage(error) }),
    );
    return () => {
      current = false;
    };
  }, [token, reset]);
  return { token, ...state };
}

function InvitationNotice({ invitation }: { invitation: Invitation }) {
  if (invitation.failure) return <FormAlert message={invitation.failure} />;
  if (!invitation.preview || !invitation.token) return null;
  if (invitation.preview.hasAccount) {
    return (
      <FormSuccess title={`You are invited to follow ${invitation.preview.projectTitle}.`}>
        <p>
          {invitation.preview.email} already has an account.{" "}
          <Link
            to={`/dashboard/invitations/${encodeURIComponent(invitation.token)}`}
            className="font-semibold underline underline-offset-2"
          >
            Sign in to open the project
          </Link>
        </p>
      </FormSuccess>
    );
  }
  return (
    <FormSuccess title={`You are invited to follow ${invitation.preview.projectTitle}.`}>
      <p>Create your account with the address the invitation was sent to; once you have confirmed it and signed in, the project opens.</p>
    </FormSuccess>
  );
}

/** Sign-up (docs/product.md#accounts): clients, or staff of a department (staff are approved by an admin before they can sign in). */
export default function RegisterPage() {
  const navigate = useNavigate();
  const [failure, setFailure] = useState<Failure | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    watch,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(registrationSchema), defaultValues: emptyRegistration });
  const isStaff = watch("isStaff");
  const { registrationClosed } = useCompany();
  const invitation = useInvitation(reset);

  const registration = useMutation({ mutationFn: authApi.register, retry: false });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const account = await registration.mutateAsync({ ...values, department: values.isStaff ? values.department : undefined });
      const invited = invitation.token ? `&invitation=${encodeURIComponent(invitation.token)}` : "";
      navigate(`/verify-email?email=${encodeURIComponent(account.email)}${invited}`);
    } catch (error) {
      const failed = registrationFailure(error);
      // An address already registered is said once, with the way to sign in instead; other refusals under their fields.
      if (!failed.offerSignIn) showFieldErrors(error, setError, fields);
      setFailure(failed);
    }
  });
  // What the server said no longer holds once the person changes what they typed.
  useEffect(() => {
    const subscription = watch((_values, { type }) => {
      if (type === "change") setFailure(null);
    });
    return () => subscription.unsubscribe();
  }, [watch]);

  // An admin closed registration (settings in /admin): say so before anyone fills in the form.
  if (registrationClosed) {
    return (
      <div className="flex flex-col gap-6">
        <AuthHeader title="Create your account">Follow your building project, see its progress and talk to our team.</AuthHeader>
        <FormAlert message={authMessages.registrationDisabled} />
        <AuthFooterLink question="Already have an account?" to="/login">
          Sign in
        </AuthFooterLink>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <AuthHeader title="Create your account">Follow your building project, see its progress and talk to our team.</AuthHeader>
      <InvitationNotice invitation={invitation} />
      {invitation.preview?.hasAccount ? null : <ProviderButtons />}
      <form method="post" noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField label="First name" autoComplete="given-name" error={errors.firstName?.message} {...register("firstName")} />
          <TextField label="Last name" autoComplete="family-name" error={errors.lastName?.message} {...register("lastName")} />
        </div>
        <EmailField
          label="Email"
          hint={
            invitation.preview
              ? "The address your invitation was sent to. We email you a 6-digit code to confirm it."
              : "We email you a 6-digit code to confirm it."
          }
          readOnly={invitation.preview !== null}
          error={errors.email?.message}
          {...register("email")}
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField label="Phone" type="tel" autoComplete="tel" optional error={errors.phone?.message} {...register("phone")} />
          <TextField label="Company" autoComplete="organization" optional error={errors.company?.message} {...register("company")} />
        </div>
        <TextField
          label="Location"
          autoComplete="address-level2"
          optional
          hint="Your city or state, e.g. Abuja."
          error={errors.location?.message}
          {...register("location")}
        />

        <div className="flex flex-col gap-4 rounded-lg border border-neutral-light p-4 dark:border-brand-700">
          <div className="flex items-start gap-3">
            <input
              id="register-is-staff"
              type="checkbox"
              aria-describedby="register-is-staff-hint"
              className="mt-0.5 size-6 shrink-0 accent-accent-700 dark:accent-accent-500"
              {...register("isStaff")}
            />
            <div>
              <label htmlFor="register-is-staff" className="font-medium">
                I am a Crestbuild staff member
              </label>
              <p id="register-is-staff-hint" className={`text-sm ${mutedTextClass}`}>
                An administrator approves staff accounts before their first sign-in.
              </p>
            </div>
          </div>
          {isStaff ? (
            <SelectField
              label="Department"
              error={errors.department?.message}
              {...register("department", { setValueAs: (value: string) => value || undefined })}
            >
              <option value="">Choose your department</option>
              {staffDepartments.map((department) => (
                <option key={department.name} value={department.name}>
                  {department.name}
                </option>
              ))}
            </SelectField>
          ) : null}
        </div>

        <PasswordField purpose="new" label="Password" error={errors.password?.message} {...register("password")} />
        <PasswordField purpose="repeat" label="Confirm password" error={errors.confirmPassword?.message} {...register("confirmPassword")} />
        <FormAlert message={failure?.message}>
          {failure?.offerSignIn ? (
            <p className="mt-2">
              <Link to="/login" className="font-semibold underline underline-offset-2">
                Sign in
              </Link>{" "}
              or{" "}
              <Link to="/forgot-password" className="font-semibold underline underline-offset-2">
                reset your password
              </Link>
            </p>
          ) : null}
        </FormAlert>
        <p className={`text-sm ${mutedTextClass}`}>
          By creating an account you accept our{" "}
          <Link to={legalPages.terms.path} className="font-semibold underline underline-offset-2">
            {legalPages.terms.title.toLowerCase()}
          </Link>
          . Our{" "}
          <Link to={legalPages.privacy.path} className="font-semibold underline underline-offset-2">
            {legalPages.privacy.title.toLowerCase()}
          </Link>{" "}
          says what we keep about you and how to use your rights.
        </p>
        <SubmitButton pending={isSubmitting} label="Create account" pendingLabel="Creating account..." />
      </form>
      <AuthFooterLink question="Already have an account?" to="/login">
        Sign in
      </AuthFooterLink>
    </div>
  );
}
