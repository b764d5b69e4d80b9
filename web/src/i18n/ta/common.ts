/** Tamil for the shared parts: formatting, header, footer, layout and the kit of controls. */
export const common: Record<string, string> = {
  'just now': 'இப்போது',
  '{h}h {m}m {s}s': '{h}ம {m}நி {s}வி',
  '{m}m {s}s': '{m}நி {s}வி',
  'Language: {name}. Switch to {other}': 'மொழி: {name}. {other} மொழிக்கு மாற்று',
};
