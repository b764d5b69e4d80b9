/** Tamil for the fairness insights screen (/admin/integrity): English text (as written in `t('…')`) → Tamil. */
export const integrity: Record<string, string> = {};
