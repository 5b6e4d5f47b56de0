import { PageHeader } from "@/components/ui/page";
import { SecurityCard } from "@/features/auth/components/security-card";
import { PasswordForm } from "@/features/profile/components/password-form";
import { ProfileForm } from "@/features/profile/components/profile-form";
import { SessionsList } from "@/features/profile/components/sessions-list";

export function ProfileRoute() {
  return (
    <>
      <PageHeader
        title="Manage profile"
        description="Your name, job title, password, second factors and the devices signed in to your account."
      />
      <div className="grid gap-6 lg:grid-cols-2">
        <ProfileForm />
        <PasswordForm />
        <div className="lg:col-span-2">
          <SecurityCard />
        </div>
        <div className="lg:col-span-2">
          <SessionsList />
        </div>
      </div>
    </>
  );
}
