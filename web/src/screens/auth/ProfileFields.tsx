import { t } from '../../i18n/index.ts';
import { GENDERS } from '../../../../engine/user.ts';
import type { ProfileForm } from './profileForm.ts';

type Key = keyof ProfileForm;

const PERSONAL: { key: Key; label: string; type?: string; required?: boolean; autoComplete?: string }[] = [
  { key: 'first_name', label: 'First name', required: true, autoComplete: 'given-name' },
  { key: 'last_name', label: 'Last name', required: true, autoComplete: 'family-name' },
  { key: 'email', label: 'Email', type: 'email', required: true, autoComplete: 'email' },
  { key: 'mobile', label: 'Mobile', type: 'tel', required: true, autoComplete: 'tel-national' },
  { key: 'date_of_birth', label: 'Date of birth (optional)', type: 'date', autoComplete: 'bday' },
];

const ADDRESS: { key: Key; label: string; autoComplete: string; wide?: boolean }[] = [
  { key: 'address_line1', label: 'Address line 1', autoComplete: 'address-line1', wide: true },
  { key: 'address_line2', label: 'Address line 2', autoComplete: 'address-line2', wide: true },
  { key: 'city', label: 'City', autoComplete: 'address-level2' },
  { key: 'state', label: 'State', autoComplete: 'address-level1' },
  { key: 'country', label: 'Country', autoComplete: 'country-name' },
  { key: 'postal_code', label: 'PIN code', autoComplete: 'postal-code' },
];

/** The profile form's fields, read-only until Edit Profile when a profile exists. */
export const ProfileFields = ({
  form,
  readOnly,
  onChange,
}: {
  form: ProfileForm;
  readOnly: boolean;
  onChange: (key: Key, value: string) => void;
}) => (
  <>
    <fieldset className="profile-fieldset" id="personal-info">
      <legend>{t('Personal Info')}</legend>
      <div className="form-grid">
        {PERSONAL.map((f) => (
          <div className="field" key={f.key}>
            <label htmlFor={`profile-${f.key}`}>
              {t(f.label)}
              {f.required && <span aria-hidden="true"> *</span>}
            </label>
            <input
              id={`profile-${f.key}`}
              name={f.key}
              type={f.type ?? 'text'}
              autoComplete={f.autoComplete}
              value={form[f.key]}
              readOnly={readOnly}
              required={f.required}
              aria-invalid={!readOnly && f.required && !form[f.key].trim() ? true : undefined}
              onChange={(e) => onChange(f.key, e.target.value)}
            />
          </div>
        ))}
        <div className="field">
          <label htmlFor="profile-gender">{t('Gender')}</label>
          <select
            id="profile-gender"
            name="gender"
            value={form.gender}
            disabled={readOnly}
            onChange={(e) => onChange('gender', e.target.value)}
          >
            <option value="">{t('Prefer not to say')}</option>
            {GENDERS.map((g) => (
              <option key={g} value={g}>
                {t(g)}
              </option>
            ))}
          </select>
        </div>
      </div>
    </fieldset>
    <fieldset className="profile-fieldset" id="address">
      <legend>{t('Address')}</legend>
      <div className="form-grid">
        {ADDRESS.map((f) => (
          <div className={f.wide ? 'field field--wide' : 'field'} key={f.key}>
            <label htmlFor={`profile-${f.key}`}>{t(f.label)}</label>
            <input
              id={`profile-${f.key}`}
              name={f.key}
              autoComplete={f.autoComplete}
              value={form[f.key]}
              readOnly={readOnly}
              onChange={(e) => onChange(f.key, e.target.value)}
            />
          </div>
        ))}
      </div>
    </fieldset>
  </>
);
