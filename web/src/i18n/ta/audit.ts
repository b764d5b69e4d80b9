/** Tamil for the audit area: English text (as written in `t('…')`) → Tamil. */
export const audit: Record<string, string> = {
  // ── Stream browser (/admin/streams) ───────────────────────────────────────────────────────
  'Event streams': 'நிகழ்வு ஓடைகள்',
  Audit: 'தணிக்கை',
  'Every change is an event in a hash-chained stream. Verify any stream, or export it and check it anywhere with <cmd>{command}</cmd>.':
    'ஒவ்வொரு மாற்றமும் ஹாஷ் சங்கிலியால் இணைந்த ஓர் ஓடையில் ஒரு நிகழ்வு. எந்த ஓடையையும் சரிபாருங்கள், அல்லது ஏற்றுமதி செய்து எங்கும் <cmd>{command}</cmd> கொண்டு சரிபாருங்கள்.',
  'Read-only view for auditors.': 'தணிக்கையாளர்களுக்கான படிக்க மட்டுமான பார்வை.',
  'Export the whole log': 'முழுப் பதிவையும் ஏற்றுமதி செய்',
  Streams: 'ஓடைகள்',
  Categories: 'வகைகள்',
  All: 'அனைத்தும்',
  '{streams} streams, {events} events, last update {when}':
    '{streams} ஓடைகள், {events} நிகழ்வுகள், கடைசிப் புதுப்பிப்பு {when}',
  '{events} events in {streams} “<cat>{category}</cat>” streams, last update {when}':
    '{streams} “<cat>{category}</cat>” ஓடைகளில் {events} நிகழ்வுகள், கடைசிப் புதுப்பிப்பு {when}',
  '{events} events in {streams} streams': '{streams} ஓடைகளில் {events} நிகழ்வுகள்',
  'Export category': 'வகையை ஏற்றுமதி செய்',
  'Export all': 'அனைத்தையும் ஏற்றுமதி செய்',
  'Search streams by name': 'பெயரால் ஓடைகளைத் தேடு',
  // The example is a stream name's code: a search matches any part of the name.
  'Search by name, e.g. room-{code}': 'பெயரால் தேடுங்கள், எ.கா. {code}',
  'Loading streams…': 'ஓடைகள் ஏற்றப்படுகின்றன…',
  'Failed to load streams: {message}': 'ஓடைகளை ஏற்ற முடியவில்லை: {message}',
  'No streams found': 'ஓடைகள் இல்லை',
  Previous: 'முந்தையது',
  Next: 'அடுத்தது',
  '{from}–{to} of {total}': '{total}-இல் {from}–{to}',
  'All streams': 'எல்லா ஓடைகளும்',
  'Pick a stream to see its events and check its hash chain.':
    'ஓர் ஓடையின் நிகழ்வுகளைப் பார்க்கவும் அதன் ஹாஷ் சங்கிலியைச் சரிபார்க்கவும் அதைத் தேர்ந்தெடுங்கள்.',
  '{n} event': '{n} நிகழ்வு',
  '{n} events': '{n} நிகழ்வுகள்',

  // ── One stream: its events, Verify ────────────────────────────────────────────────────────
  'last update {when}': 'கடைசிப் புதுப்பிப்பு {when}',
  'last hash': 'கடைசி ஹாஷ்',
  'Verifying…': 'சரிபார்க்கிறது…',
  Verify: 'சரிபார்',
  'Export NDJSON': 'NDJSON ஏற்றுமதி',
  Replay: 'மீள்பார்வை',
  'Could not check the stream: {message}': 'ஓடையைச் சரிபார்க்க முடியவில்லை: {message}',
  Intact: 'மாற்றமில்லை',
  'Not intact': 'மாற்றப்பட்டுள்ளது',
  '{events} events, every hash checks out, last hash <hash>{hash}</hash>.':
    '{events} நிகழ்வுகள், எல்லா ஹாஷ்களும் சரியாக உள்ளன, கடைசி ஹாஷ் <hash>{hash}</hash>.',
  'No tree head has been signed yet.': 'இன்னும் எந்த மர முனையும் கையொப்பமிடப்படவில்லை.',
  '{signed} of its events are in the signed head of {head} events, each as it was signed.':
    'இதன் {signed} நிகழ்வுகள், {head} நிகழ்வுகள் கொண்ட கையொப்பமிட்ட முனையில், கையொப்பமிட்டபடியே உள்ளன.',
  'But the log as a whole no longer has the signed root: events elsewhere were changed or removed after they were signed.':
    'ஆனால் முழுப் பதிவிலும் இப்போது கையொப்பமிட்ட வேர் இல்லை: கையொப்பமிட்ட பிறகு வேறு இடங்களில் நிகழ்வுகள் மாற்றப்பட்டன அல்லது நீக்கப்பட்டன.',
  'Show the first bad event': 'முதல் பிழையான நிகழ்வைக் காட்டு',
  'Loading events…': 'நிகழ்வுகள் ஏற்றப்படுகின்றன…',
  'Showing from revision {revision}.': 'திருத்தம் {revision} முதல் காட்டப்படுகிறது.',
  'Back to the first event': 'முதல் நிகழ்வுக்குத் திரும்பு',
  'No events from this revision on.': 'இந்தத் திருத்தம் முதல் நிகழ்வுகள் இல்லை.',
  'Loading…': 'ஏற்றுகிறது…',
  'Load more events': 'மேலும் நிகழ்வுகளை ஏற்று',

  // ── Event card ────────────────────────────────────────────────────────────────────────────
  'in <stream>{stream}</stream> #{revision}': '<stream>{stream}</stream> #{revision}-இல்',
  system: 'அமைப்பு',
  admin: 'நிர்வாகி',
  member: 'உறுப்பினர்',
  auditor: 'தணிக்கையாளர்',
  'The hash check stops here:': 'ஹாஷ் சரிபார்ப்பு இங்கே நிற்கிறது:',
  Data: 'தரவு',
  'Masked on screen: <fields>{fields}</fields>. The stored values are part of the hash check and of exports.':
    'திரையில் மறைக்கப்பட்டவை: <fields>{fields}</fields>. சேமிக்கப்பட்ட மதிப்புகள் ஹாஷ் சரிபார்ப்பிலும் ஏற்றுமதிகளிலும் உள்ளன.',
  Metadata: 'மெட்டாடேட்டா',
  'Event id': 'நிகழ்வு அடையாளம்',
  Position: 'இடம்',
  'Correlation id': 'தொடர்பு அடையாளம்',
  'Causation id': 'காரண அடையாளம்',
  Schema: 'ஸ்கீமா',
  'Previous hash': 'முந்தைய ஹாஷ்',
  Hash: 'ஹாஷ்',
  Links: 'இணைப்புகள்',
  'Caused by': 'காரணம்:',
  'Caused by a request, not by another event.': 'இது ஒரு கோரிக்கையால் நிகழ்ந்தது, வேறு நிகழ்வால் அல்ல.',
  Caused: 'இதனால் நிகழ்ந்தவை',
  'Same request ({count})': 'அதே கோரிக்கை ({count})',
  'and {count} more': 'மேலும் {count}',

  // ── Replay (/admin/rooms/:code/replay, /admin/leagues/:code/replay) ───────────────────────
  'Replay of room {code}': 'அறை {code} மீள்பார்வை',
  'Replay of league {code}': 'லீக் {code} மீள்பார்வை',
  'League {code}': 'லீக் {code}',
  'Stream and hash check': 'ஓடையும் ஹாஷ் சரிபார்ப்பும்',
  'Room page': 'அறைப் பக்கம்',
  'Auction page': 'ஏலப் பக்கம்',
  'Loading the room’s events…': 'அறையின் நிகழ்வுகள் ஏற்றப்படுகின்றன…',
  'Loading the league’s events…': 'லீக்கின் நிகழ்வுகள் ஏற்றப்படுகின்றன…',
  'No room with the code {code}.': '{code} என்ற குறியீட்டில் அறை இல்லை.',
  'No league with the code {code}.': '{code} என்ற குறியீட்டில் லீக் இல்லை.',
  'Could not load the room’s events: {message}': 'அறையின் நிகழ்வுகளை ஏற்ற முடியவில்லை: {message}',
  'Could not load the league’s events: {message}': 'லீக்கின் நிகழ்வுகளை ஏற்ற முடியவில்லை: {message}',
  Events: 'நிகழ்வுகள்',
  'Timeline of events': 'நிகழ்வுகளின் காலவரிசை',
  'Step back one event': 'ஒரு நிகழ்வு பின்செல்',
  Back: 'பின்',
  Pause: 'இடைநிறுத்து',
  Play: 'இயக்கு',
  'Step forward one event': 'ஒரு நிகழ்வு முன்செல்',
  Forward: 'முன்',
  'Playback speed': 'இயக்க வேகம்',
  'Scrub through the recorded time': 'பதிவான நேரத்தில் நகர்த்துங்கள்',
  'Event {n} of {total}, {time}': '{total}-இல் நிகழ்வு {n}, {time}',
  'Event {n} of {total}': '{total}-இல் நிகழ்வு {n}',
  'played {played} of {duration}': '{duration}-இல் {played} இயக்கப்பட்டது',
  'Every event was recorded at the same moment: step through them one by one.':
    'எல்லா நிகழ்வுகளும் ஒரே நொடியில் பதிவாயின: ஒவ்வொன்றாக நகர்ந்து பாருங்கள்.',
  'Plays in recorded server time; quiet stretches longer than {gap} are shortened to {gap}.':
    'பதிவான சர்வர் நேரத்தில் இயங்கும்; {gap}-க்கு மேலான அமைதியான இடைவெளிகள் {gap}-ஆகச் சுருக்கப்படும்.',
  'Replay this room': 'இந்த அறையை மீள்பார்வை செய்',
  // A room's replay
  'The room at this moment': 'இந்த நொடியில் அறை',
  Running: 'நடைபெறுகிறது',
  'Cancelled: not enough participants': 'ரத்துசெய்யப்பட்டது: போதுமான பங்கேற்பாளர்கள் இல்லை',
  'Highest deal by': 'அதிக டீல் செய்தவர்',
  'No deals yet': 'இன்னும் டீல் இல்லை',
  'Time left': 'மீதமுள்ள நேரம்',
  'Deals placed': 'செய்யப்பட்ட டீல்கள்',
  'Attempts used': 'பயன்படுத்திய வாய்ப்புகள்',
  Member: 'உறுப்பினர்',
  'Price over time': 'காலப்போக்கில் விலை',
  'Deals in room {code} from {price}, each by its bidder': 'அறை {code}-இல் {price} முதல் டீல்கள், ஒவ்வொன்றும் அதைச் செய்தவரால்',
  'The deal never started, so there is no price to chart.': 'டீல் தொடங்கவே இல்லை, எனவே வரைபடத்தில் காட்ட விலை இல்லை.',
  '#{seq} {name}: {price} at {time}': '#{seq} {name}: {price}, {time}',
  'Start: {price}': 'தொடக்கம்: {price}',
  'No deals were placed in this stream.': 'இந்த ஓடையில் டீல்கள் எதுவும் செய்யப்படவில்லை.',
  // A league's replay
  'The auction at this moment': 'இந்த நொடியில் ஏலம்',
  Player: 'வீரர்',
  '({role}, round {round})': '({role}, சுற்று {round})',
  'Highest bidding team': 'அதிக ஏலம் கேட்ட அணி',
  '{sold} sold · {unsold} unsold · {pending} to go': '{sold} விற்கப்பட்டனர் · {unsold} விற்கப்படவில்லை · {pending} மீதம்',
  'Bids over time': 'காலப்போக்கில் ஏலங்கள்',
  'League bids over time, one line per player, each bid in its team’s colour':
    'காலப்போக்கில் லீக் ஏலங்கள்: ஒரு வீரருக்கு ஒரு கோடு, ஒவ்வொரு ஏலமும் அதன் அணியின் நிறத்தில்',
  'No player has gone under the hammer yet.': 'இன்னும் எந்த வீரரும் ஏலத்திற்கு வரவில்லை.',
  'Player {id}': 'வீரர் {id}',
  'Team {id}': 'அணி {id}',
  '{name}: base {points}': '{name}: அடிப்படை {points}',
  '{team} bid {points} for {name}': '{team}: {name}-க்கு {points} ஏலம்',
  'Admin undid {team}’s bid of {points}: {reason}': '{team} அணியின் {points} ஏலத்தை நிர்வாகி திரும்பப் பெற்றார்: {reason}',

  // ── Fairness receipt (under a finished room) ──────────────────────────────────────────────
  Copied: 'நகலெடுக்கப்பட்டது',
  Copy: 'நகலெடு',
  'Loading the fairness receipt…': 'நேர்மை ரசீது ஏற்றப்படுகிறது…',
  'The fairness receipt could not be loaded: {message}': 'நேர்மை ரசீதை ஏற்ற முடியவில்லை: {message}',
  'Fairness receipt': 'நேர்மை ரசீது',
  'Every step of this deal is an event sealed into a hash chain. Anyone can check that nothing was changed, added or removed after it ended.':
    'இந்த டீலின் ஒவ்வொரு படியும் ஹாஷ் சங்கிலியில் முத்திரையிடப்பட்ட ஒரு நிகழ்வு. டீல் முடிந்த பிறகு எதுவும் மாற்றப்படவில்லை, சேர்க்கப்படவில்லை, நீக்கப்படவில்லை என்பதை யார் வேண்டுமானாலும் சரிபார்க்கலாம்.',
  'Our own check of this history failed. Please contact support.':
    'இந்த வரலாற்றின் மீதான எங்கள் சொந்தச் சரிபார்ப்பு தோல்வியடைந்தது. உதவிக் குழுவைத் தொடர்புகொள்ளுங்கள்.',
  'This history does not follow the room’s rules: <why>{problem}</why>. Please contact support.':
    'இந்த வரலாறு அறையின் விதிகளைப் பின்பற்றவில்லை: <why>{problem}</why>. உதவிக் குழுவைத் தொடர்புகொள்ளுங்கள்.',
  'Final hash': 'இறுதி ஹாஷ்',
  'Copy the final hash': 'இறுதி ஹாஷை நகலெடு',
  '{events}, from the room’s creation to the end of the deal': '{events}, அறை உருவானது முதல் டீல் முடியும் வரை',
  '{events}, from the room’s creation to its cancellation': '{events}, அறை உருவானது முதல் ரத்தாகும் வரை',
  Result: 'முடிவு',
  '<who>{name}</who> won at {price}.': '<who>{name}</who> {price}-க்கு வென்றார்.',
  'That was the last valid deal: #{seq} by <who>{name}</who> at {time}.':
    'அதுவே கடைசிச் செல்லுபடியான டீல்: #{seq}, <who>{name}</who>, {time}.',
  'The last valid deal was #{seq} by <who>{name}</who>.': 'கடைசிச் செல்லுபடியான டீல் #{seq}, <who>{name}</who> செய்தது.',
  'Signed log': 'கையொப்பமிட்ட பதிவு',
  'All {events} events are in the log’s signed record of {size} events, checked in this browser.':
    'எல்லா {events} நிகழ்வுகளும் {size} நிகழ்வுகள் கொண்ட பதிவின் கையொப்பமிட்ட ஆவணத்தில் உள்ளன; இந்த உலாவியில் சரிபார்க்கப்பட்டது.',
  'The proofs on this receipt do not hold: <why>{reason}</why> Please contact support.':
    'இந்த ரசீதில் உள்ள சான்றுகள் பொருந்தவில்லை: <why>{reason}</why> உதவிக் குழுவைத் தொடர்புகொள்ளுங்கள்.',
  'No deals were placed, so every entry fee was refunded.':
    'டீல்கள் எதுவும் செய்யப்படாததால், எல்லா நுழைவுக் கட்டணங்களும் திருப்பித் தரப்பட்டன.',
  'Download history': 'வரலாற்றைப் பதிவிறக்கு',
  'Download receipt': 'ரசீதைப் பதிவிறக்கு',
  'Check it yourself: in a copy of the <brand>Vetri Deals</brand> code, with the file beside you, run':
    'நீங்களே சரிபாருங்கள்: <brand>Vetri Deals</brand> குறியீட்டின் ஒரு நகலில், கோப்பை அருகில் வைத்து, இதை இயக்குங்கள்',
  'Copy the command': 'கட்டளையை நகலெடு',
  'It recomputes every event’s hash and says whether the history ends in the hash above. To watch the deal unfold, step by step:':
    'இது ஒவ்வொரு நிகழ்வின் ஹாஷையும் மீண்டும் கணக்கிட்டு, வரலாறு மேலே உள்ள ஹாஷில் முடிகிறதா என்று சொல்லும். டீல் படிப்படியாக நடப்பதைப் பார்க்க:',
  'With the receipt beside it too, check that every event is in the log’s signed record:':
    'ரசீதையும் அருகில் வைத்து, ஒவ்வொரு நிகழ்வும் பதிவின் கையொப்பமிட்ட ஆவணத்தில் உள்ளதா எனச் சரிபாருங்கள்:',
  'Copy the signed-log command': 'கையொப்பப் பதிவுக் கட்டளையை நகலெடு',

  // ── Kept proofs of my deals and bids (checked in My Deals) ────────────────────────────────
  'The log key cannot be read: {error}': 'பதிவின் சாவியைப் படிக்க முடியவில்லை: {error}',
  'This acknowledgement is not signed by the log’s key.': 'இந்த ஒப்புகை பதிவின் சாவியால் கையொப்பமிடப்படவில்லை.',
  'Signed by the server; the next signed record of the log will include it.':
    'சர்வர் கையொப்பமிட்டது; பதிவின் அடுத்த கையொப்ப ஆவணத்தில் இது சேரும்.',
  'The log no longer holds this event, though the server acknowledged it.':
    'சர்வர் ஒப்புக்கொண்டிருந்தும், இந்த நிகழ்வு இப்போது பதிவில் இல்லை.',
  'The log could not be reached. Try again later.': 'பதிவை அணுக முடியவில்லை. பிறகு மீண்டும் முயற்சிக்கவும்.',
  'The log now holds this event at place {now}, not at place {acked} where the server acknowledged it, or holds it changed.':
    'சர்வர் ஒப்புக்கொண்ட {acked}-ஆம் இடத்தில் அல்லாமல், பதிவு இப்போது இந்த நிகழ்வை {now}-ஆம் இடத்தில் வைத்துள்ளது, அல்லது மாற்றி வைத்துள்ளது.',
  'The log’s proof for this event does not lead to its signed root.':
    'இந்த நிகழ்வுக்கான பதிவின் சான்று அதன் கையொப்பமிட்ட வேருக்கு இட்டுச் செல்லவில்லை.',
  'This is not a signed note.': 'இது கையொப்பமிட்ட குறிப்பு அல்ல.',
  'The checkpoint body is incomplete.': 'சோதனைப் புள்ளியின் உள்ளடக்கம் முழுமையாக இல்லை.',
  'The tree size is not a number.': 'மரத்தின் அளவு ஓர் எண் அல்ல.',
  'The root hash is not base64.': 'வேர் ஹாஷ் base64 வடிவில் இல்லை.',
  'The root hash is not 32 bytes.': 'வேர் ஹாஷ் 32 பைட்டுகள் அல்ல.',

  // ── Log fork banner (every page, once this browser saw history change) ────────────────────
  'Warning: deal records were changed after they were published': 'எச்சரிக்கை: வெளியிடப்பட்ட பிறகு டீல் பதிவுகள் மாற்றப்பட்டுள்ளன',
  'This browser kept a signed record of every deal and payment. What the server shows now does not contain that record, so history that was already published has been changed.':
    'இந்த உலாவி ஒவ்வொரு டீல் மற்றும் கட்டணத்தின் கையொப்பமிட்ட பதிவை வைத்திருந்தது. சர்வர் இப்போது காட்டுவதில் அந்தப் பதிவு இல்லை; எனவே ஏற்கெனவே வெளியிடப்பட்ட வரலாறு மாற்றப்பட்டுள்ளது.',
  'Do not bid or pay until this is explained. Download the evidence and send it to <mail>{email}</mail> or to any auditor.':
    'இதற்கு விளக்கம் கிடைக்கும் வரை டீல் செய்யவோ பணம் செலுத்தவோ வேண்டாம். சான்றைப் பதிவிறக்கி <mail>{email}</mail>-க்கோ ஏதேனும் ஒரு தணிக்கையாளருக்கோ அனுப்புங்கள்.',
  'Download evidence': 'சான்றைப் பதிவிறக்கு',
  // Runner-up offers in the replay timeline
  'offered to {name} (runner-up {place}) at {price}':
    '{name} அவர்களுக்கு (இரண்டாம் இடம் {place}) {price} விலையில் வழங்கப்பட்டது',
  '{name} did not buy; {offered}': '{name} வாங்கவில்லை; {offered}',
};
