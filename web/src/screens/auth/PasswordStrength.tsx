import { t } from '../../i18n/index.ts';
import { tRich } from '../../i18n/Rich.tsx';
import { passwordStrength, strengthLabel } from './authLogic.ts';

/** The 0–4 meter: one point each for 6+ characters, an uppercase letter, a digit, a symbol. */
export const PasswordStrength = ({ password }: { password: string }) => {
  const score = passwordStrength(password);
  return (
    <div className="strength" data-score={score} aria-live="polite">
      <div className="strength-bar" aria-hidden="true">
        {[1, 2, 3, 4].map((step) => (
          <span key={step} className={step <= score ? 'is-on' : undefined} />
        ))}
      </div>
      <p className="strength-text">
        {tRich(
          'Strength: <label>{label}</label> ({score}/4) · use 6+ characters, an uppercase letter, a digit and a symbol',
          { label: (w) => <strong data-testid="password-strength">{w}</strong> },
          { label: t(strengthLabel(score)), score },
        )}
      </p>
    </div>
  );
};
