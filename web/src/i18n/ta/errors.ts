/**
 * Tamil for the server's errors, by their stable code (`{ error: { code, message, details } }`);
 * `{name}` fills from the error's details. A code not here falls back to its English message's Tamil
 * in the texts, else the English.
 */
export const errors: Record<string, string> = {
  CONFLICT: 'அதே நேரத்தில் வேறொருவர் இதை மாற்றினார். மீண்டும் முயற்சிக்கவும்.',
  INTERNAL: 'எங்கள் பக்கம் ஏதோ தவறு நடந்தது. மீண்டும் முயற்சிக்கவும்.',
};
