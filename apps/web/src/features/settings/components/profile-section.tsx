import type { Profile } from '@cadence/shared';
import { GENDER_LABELS, GENDERS, PROFILE_MESSAGES, ProfileUpdateSchema } from '@cadence/shared';
import { Upload } from 'lucide-react';
import type { ChangeEvent, FormEvent } from 'react';
import { useEffect, useMemo, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { TextareaField } from '../../../components/ui/textarea-field';
import { useProfile } from '../api/get-profile';
import { useUpdateProfile } from '../api/update-profile';
import { AVATAR_ACCEPT, checkAvatarFile } from '../utils/avatar-file';
import { toastApiError } from '../../../components/ui/error-toast';

type FieldErrors = Partial<Record<'name' | 'gender' | 'address' | 'image', string>>;

export function ProfileSection() {
  const profile = useProfile();
  if (profile.isPending)
    // The form itself, empty and disabled, until the profile arrives: the sections below stay
    // where they are instead of jumping down when it fills in (layout shift).
    return <ProfileForm key="loading" profile={null} />;
  if (profile.isError)
    return (
      <p role="alert" className="text-sm text-red-700">
        {PROFILE_MESSAGES.fetchFailed}
      </p>
    );
  return <ProfileForm key="loaded" profile={profile.data} />;
}

/** `profile` null: the form's shape while the profile loads, every control disabled. */
function ProfileForm({ profile }: { profile: Profile | null }) {
  const update = useUpdateProfile();
  const inputRef = useRef<HTMLInputElement>(null);
  const [name, setName] = useState(profile?.name ?? '');
  const [gender, setGender] = useState<string>(profile?.gender ?? '');
  const [address, setAddress] = useState(profile?.address ?? '');
  const [image, setImage] = useState<File | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});

  const preview = useMemo(() => (image ? URL.createObjectURL(image) : null), [image]);
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  function chooseImage(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = checkAvatarFile(file);
    setErrors((current) => ({ ...current, image: problem ?? undefined }));
    if (problem === null) setImage(file);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = ProfileUpdateSchema.safeParse({ name, gender, address });
    if (!parsed.success) {
      const next: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof FieldErrors;
        next[field] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    update.mutate(
      { name, gender, address, image },
      {
        onSuccess: () => {
          setImage(null);
          toast.success(PROFILE_MESSAGES.updated);
        },
        onError: (error) => toastApiError(error, PROFILE_MESSAGES.updateFailed),
      },
    );
  }

  return (
    <form noValidate onSubmit={submit} aria-busy={profile === null}>
      {profile === null && (
        <p role="status" className="sr-only">
          Loading profile...
        </p>
      )}
      <fieldset disabled={profile === null} className="grid min-w-0 gap-5 md:grid-cols-[auto_1fr]">
        <div className="flex flex-col items-center gap-3">
          <Avatar
            name={name}
            src={preview ?? profile?.profile_image ?? null}
            className="size-24 text-2xl"
          />
          <input
            ref={inputRef}
            id="profile-image"
            type="file"
            accept={AVATAR_ACCEPT}
            className="sr-only"
            aria-describedby="profile-image-hint"
            onChange={chooseImage}
          />
          <label htmlFor="profile-image" className="sr-only">
            Profile image
          </label>
          <Button
            variant="secondary"
            size="sm"
            icon={<Upload className="size-4" aria-hidden="true" />}
            onClick={() => inputRef.current?.click()}
          >
            Change image
          </Button>
          <p
            id="profile-image-hint"
            className={
              errors.image
                ? 'max-w-48 text-center text-xs text-red-600'
                : 'max-w-48 text-center text-xs text-gray-500'
            }
          >
            {errors.image ?? (image ? image.name : 'PNG, JPEG, WebP or GIF, up to 2 MB')}
          </p>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            id="profile-name"
            label="Name"
            autoComplete="name"
            value={name}
            error={errors.name}
            onChange={(event) => setName(event.target.value)}
          />
          <TextField
            id="profile-email"
            label="Email"
            type="email"
            value={profile?.email ?? ''}
            readOnly
            hint="Your sign-in address cannot be changed here."
          />
          <SelectField
            id="profile-gender"
            label="Gender"
            value={gender}
            error={errors.gender}
            onChange={(event) => setGender(event.target.value)}
          >
            <option value="">Not set</option>
            {GENDERS.map((value) => (
              <option key={value} value={value}>
                {GENDER_LABELS[value]}
              </option>
            ))}
          </SelectField>
          <TextareaField
            id="profile-address"
            label="Address"
            rows={2}
            autoComplete="street-address"
            value={address}
            error={errors.address}
            onChange={(event) => setAddress(event.target.value)}
            className="sm:col-span-2"
          />
          <div className="sm:col-span-2">
            <Button type="submit" isLoading={update.isPending} loadingText="Saving...">
              Update Profile
            </Button>
          </div>
        </div>
      </fieldset>
    </form>
  );
}
