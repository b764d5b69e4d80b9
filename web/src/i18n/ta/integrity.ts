/** Tamil for the fairness insights screen (/admin/integrity): English text (as written in `t('…')`) → Tamil. */
export const integrity: Record<string, string> = {
  // The admin tab (AdminNav)
  Fairness: 'நேர்மை',

  // /admin/integrity: heading, filters, queue states (AdminIntegrity)
  'Fairness insights': 'நேர்மை நுண்ணறிவுகள்',
  'Flags raised when a room ends, with the deals behind them. Nothing is decided automatically: an admin reviews each flag and writes down what they found.':
    'ஒரு அறை முடியும்போது எழுப்பப்படும் எச்சரிக்கைகள், அவற்றுக்குக் காரணமான டீல்களுடன். எதுவும் தானாக முடிவு செய்யப்படுவதில்லை: ஒவ்வொரு எச்சரிக்கையையும் ஒரு நிர்வாகி மதிப்பாய்வு செய்து, கண்டதை எழுதி வைக்கிறார்.',
  'Filter flags': 'எச்சரிக்கைகளை வடிகட்டு',
  Kind: 'வகை',
  'All kinds': 'எல்லா வகைகளும்',
  Open: 'நிலுவையில்',
  Reviewed: 'மதிப்பாய்வு செய்யப்பட்டது',
  'Could not load the flags. Please reload.': 'எச்சரிக்கைகளை ஏற்ற முடியவில்லை. பக்கத்தை மீண்டும் ஏற்றுங்கள்.',
  'Loading flags…': 'எச்சரிக்கைகள் ஏற்றுகிறது…',
  'No open flags. Nothing waits for review.': 'நிலுவையில் எச்சரிக்கைகள் இல்லை. மதிப்பாய்வுக்கு எதுவும் காத்திருக்கவில்லை.',
  'No flags match these filters.': 'இந்த வடிகட்டிகளுக்குப் பொருந்தும் எச்சரிக்கைகள் இல்லை.',
  '{n} flag': '{n} எச்சரிக்கை',
  '{n} flags': '{n} எச்சரிக்கைகள்',

  // Flag kinds (labels and hints)
  'Last second': 'கடைசி வினாடி',
  'Almost every deal in the last second before the deadline':
    'ஏறக்குறைய எல்லா டீல்களும் காலக்கெடுவுக்கு முந்தைய கடைசி வினாடியில்',
  'Shared device': 'பகிரப்பட்ட சாதனம்',
  'Members in the same room signed in from one device': 'ஒரே அறையில் உள்ள உறுப்பினர்கள் ஒரே சாதனத்திலிருந்து உள்நுழைந்தனர்',
  'Shared address': 'பகிரப்பட்ட முகவரி',
  'Members in the same room signed in from one network address':
    'ஒரே அறையில் உள்ள உறுப்பினர்கள் ஒரே நெட்வொர்க் முகவரியிலிருந்து உள்நுழைந்தனர்',
  'One opponent': 'ஒரே போட்டியாளர்',
  'Only ever topped the same member, over several rooms': 'பல அறைகளில், எப்போதும் அதே உறுப்பினரை மட்டுமே முந்தினார்',
  'Scripted timing': 'ஸ்கிரிப்ட் போன்ற நேரம்',
  'Deals at near-constant intervals, or inhumanly fast replies':
    'ஏறக்குறைய சீரான இடைவெளிகளில் டீல்கள், அல்லது மனிதரால் இயலாத வேகத்தில் பதில்கள்',

  // A flag card: its sentence (written from the flag's facts, flagSentence.tsx), evidence, review
  'Raised {when}': 'எழுப்பப்பட்டது: {when}',
  '{late} of {deals} {rooms} came in the last second before the deadline.':
    '{rooms} நடந்த {deals} — அவற்றில் {late} காலக்கெடுவுக்கு முந்தைய கடைசி வினாடியில் வந்தன.',
  'in {n} room': '{n} அறையில்',
  'in {n} rooms': '{n} அறைகளில்',
  '{rooms}, {deals} topped the same member.': '{rooms}, {deals} அதே உறுப்பினரையே முந்தின.',
  'In {n} finished room': 'முடிந்த {n} அறையில்',
  'In {n} finished rooms': 'முடிந்த {n} அறைகளில்',
  'every one of {n} deal': '{n} டீலும்',
  'every one of {n} deals': '{n} டீல்களும்',
  'In room <room></room>: {reason}.': 'அறை <room></room>: {reason}.',
  'In room <room></room>: {reason} and {other}.': 'அறை <room></room>: {reason}; மேலும் {other}.',
  '{n} deal at near-constant intervals': 'ஏறக்குறைய சீரான இடைவெளிகளில் {n} டீல்',
  '{n} deals at near-constant intervals': 'ஏறக்குறைய சீரான இடைவெளிகளில் {n} டீல்கள்',
  '{n} reaction faster than {ms} ms': '{ms} மி.வி.-ஐ விட வேகமான {n} எதிர்வினை',
  '{n} reactions faster than {ms} ms': '{ms} மி.வி.-ஐ விட வேகமான {n} எதிர்வினைகள்',
  'In room <room></room>: {members} who dealt signed in from the same device.':
    'அறை <room></room>: டீல் செய்த {members} ஒரே சாதனத்திலிருந்து உள்நுழைந்தனர்.',
  'In room <room></room>: {members} who dealt signed in from the same network address.':
    'அறை <room></room>: டீல் செய்த {members} ஒரே நெட்வொர்க் முகவரியிலிருந்து உள்நுழைந்தனர்.',
  '{n} member': '{n} உறுப்பினர்',
  '{n} members': '{n} உறுப்பினர்கள்',
  'Members:': 'உறுப்பினர்கள்:',
  'Report for <room></room>': '<room></room> அறிக்கை',
  'Evidence: {deals}': 'ஆதாரம்: {deals}',
  '<name></name> in <room></room>, {before} before the deadline':
    '<name></name>, அறை <room></room>, காலக்கெடுவுக்கு {before} முன்',
  '{s} s': '{s} வி',
  'Replay this moment': 'இந்தத் தருணத்தின் மீள்பார்வை',
  'Show all {n} deals': 'எல்லா {n} டீல்களையும் காட்டு',
  'Dismissed by <name></name> on {when}: “<note></note>”': '<name></name> {when} அன்று நிராகரித்தார்: “<note></note>”',
  'Action noted by <name></name> on {when}: “<note></note>”':
    '<name></name> {when} அன்று நடவடிக்கையைப் பதிவு செய்தார்: “<note></note>”',
  'New evidence came in after this review.': 'இந்த மதிப்பாய்வுக்குப் பிறகு புதிய ஆதாரம் வந்துள்ளது.',

  // The review form, its answers and the server's review errors (engine/integrity.ts, api/admin/integrityRoutes.ts)
  'Your review': 'உங்கள் மதிப்பாய்வு',
  'Dismiss: nothing wrong': 'நிராகரி: தவறு எதுவும் இல்லை',
  'Note an action taken': 'எடுத்த நடவடிக்கையைப் பதிவு செய்',
  'Note (what you looked at and decided)': 'குறிப்பு (நீங்கள் எதைப் பார்த்தீர்கள், என்ன முடிவு செய்தீர்கள்)',
  'Mark reviewed': 'மதிப்பாய்வு செய்ததாகக் குறி',
  'Flag dismissed.': 'எச்சரிக்கை நிராகரிக்கப்பட்டது.',
  'Action noted.': 'எடுத்த நடவடிக்கை பதிவு செய்யப்பட்டது.',
  'Write a note: what you looked at and what you decided.':
    'ஒரு குறிப்பை எழுதுங்கள்: நீங்கள் எதைப் பார்த்தீர்கள், என்ன முடிவு செய்தீர்கள்.',
  'Keep the note under 1000 characters.': 'குறிப்பை 1000 எழுத்துகளுக்குள் வையுங்கள்.',
  'Choose whether the flag is dismissed or an action was noted.':
    'எச்சரிக்கை நிராகரிக்கப்பட்டதா அல்லது நடவடிக்கை பதிவு செய்யப்பட்டதா என்பதைத் தேர்ந்தெடுங்கள்.',
  'This flag was already reviewed with this evidence. Reload to see the review.':
    'இந்த ஆதாரத்துடன் இந்த எச்சரிக்கை ஏற்கெனவே மதிப்பாய்வு செய்யப்பட்டது. மதிப்பாய்வைப் பார்க்கப் பக்கத்தை மீண்டும் ஏற்றுங்கள்.',
  'No such flag.': 'அப்படி ஒரு எச்சரிக்கை இல்லை.',
  'New evidence came in since you opened this flag. Reload it first.':
    'நீங்கள் இந்த எச்சரிக்கையைத் திறந்த பிறகு புதிய ஆதாரம் வந்துள்ளது. முதலில் பக்கத்தை மீண்டும் ஏற்றுங்கள்.',

  // The room's timing report and the finished rooms table
  'Room <room></room>: timing report': 'அறை <room></room>: நேர அறிக்கை',
  'Close report': 'அறிக்கையை மூடு',
  'Loading the report…': 'அறிக்கை ஏற்றுகிறது…',
  'Could not load the report. Please reload.': 'அறிக்கையை ஏற்ற முடியவில்லை. பக்கத்தை மீண்டும் ஏற்றுங்கள்.',
  '{deals} by {members}': '{members} செய்த {deals}',
  'no flags': 'எச்சரிக்கைகள் இல்லை',
  'Deals by seconds before the deadline: {rows}': 'காலக்கெடுவுக்கு முன் மீதமிருந்த வினாடிகள் வாரியாக டீல்கள்: {rows}',
  '{n} at {range}': '{range}: {n}',
  'Deals by seconds left before the deadline, per member.':
    'காலக்கெடுவுக்கு முன் மீதமிருந்த வினாடிகள் வாரியாக, ஒவ்வொரு உறுப்பினரின் டீல்கள்.',
  '< 1 s': '< 1 வி',
  '1–2 s': '1–2 வி',
  '2–5 s': '2–5 வி',
  '5–10 s': '5–10 வி',
  '10–20 s': '10–20 வி',
  '≥ 20 s': '≥ 20 வி',
  'Median before deadline': 'காலக்கெடுவுக்கு முன் இடைநிலை நேரம்',
  'In the last second': 'கடைசி வினாடியில்',
  Median: 'இடைநிலை',
  'Finished rooms': 'முடிந்த அறைகள்',
  Ended: 'முடிந்தது',
  'Open flags': 'நிலுவை எச்சரிக்கைகள்',
  Report: 'அறிக்கை',
  'Timing report': 'நேர அறிக்கை',
};
