/** Tamil for the static pages area: English text (as written in `t('…')`) → Tamil. */
export const staticPages: Record<string, string> = {
  // Shared by the information pages
  Legal: 'சட்டம்',
  'Last updated 1 November 2025': 'கடைசியாகப் புதுப்பிக்கப்பட்டது: 1 நவம்பர் 2025',

  // About Us (/about)
  'About us': 'எங்களைப் பற்றி',
  'Vetri Deals is an invite-only shop from Thanjavur with pay-to-bid deal rooms, built so that every member walks away with value.':
    'வெற்றி டீல்ஸ், தஞ்சாவூரிலிருந்து இயங்கும், கட்டணம் செலுத்தி டீல் செய்யும் அறைகளுடன் கூடிய அழைப்பு மட்டும் கடை; ஒவ்வொரு உறுப்பினரும் ஏதாவது பலனுடன் திரும்பும்படி உருவாக்கப்பட்டது.',
  'Who we are': 'நாங்கள் யார்',
  'Vetri (வெற்றி) means victory. We started Vetri Deals in Thanjavur with a simple idea: families in Tamil Nadu should be able to get quality phones, appliances and festival essentials well below retail, in a way that is open, fair and fun. Members book a seat in a deal room, compete in a short live round, and the last valid deal wins. Those who don’t win keep the value of their entry fee as Reward Cash for our shop.':
    'எங்கள் பெயரில் உள்ள ‘வெற்றி’ என்பதே எங்கள் இலக்கு. ஒரு எளிய எண்ணத்துடன் தஞ்சாவூரில் வெற்றி டீல்ஸைத் தொடங்கினோம்: தமிழ்நாட்டுக் குடும்பங்கள் தரமான ஃபோன்கள், வீட்டு உபகரணங்கள், பண்டிகைப் பொருட்களைச் சில்லறை விலைக்கு மிகக் குறைவாக, வெளிப்படையாக, நியாயமாக, மகிழ்ச்சியாகப் பெற வேண்டும். உறுப்பினர்கள் ஒரு டீல் அறையில் இருக்கையை முன்பதிவு செய்து, ஒரு குறுகிய நேரலைச் சுற்றில் போட்டியிடுகிறார்கள்; கடைசி செல்லுபடியான டீல் வெல்லும். வெல்லாதவர்கள் தங்கள் நுழைவுக் கட்டணத்தின் மதிப்பை எங்கள் கடைக்கான வெகுமதிப் பணமாகப் பெறுகிறார்கள்.',
  'Our mission': 'எங்கள் நோக்கம்',
  'To make everyday products affordable for households across Tamil Nadu through deals that are transparent, skill based and never a dead loss — and to back every rupee a member spends with a genuine product or shop credit.':
    'வெளிப்படையான, திறமை அடிப்படையிலான, ஒருபோதும் முழு நஷ்டமாகாத டீல்கள் மூலம் தமிழ்நாடு முழுவதும் உள்ள குடும்பங்களுக்கு அன்றாடப் பொருட்களை மலிவாக்குவது — உறுப்பினர் செலவிடும் ஒவ்வொரு ரூபாய்க்கும் அசல் பொருளோ கடை வரவோ உறுதிசெய்வது.',
  'Our vision': 'எங்கள் தொலைநோக்கு',
  'To be the most trusted members’ marketplace in South India: a community where members invite people they know, where every rule is published and applied the same way to everyone, and where a good deal is a matter of skill, not luck.':
    'தென்னிந்தியாவின் மிகவும் நம்பகமான உறுப்பினர் சந்தையாக இருப்பது: உறுப்பினர்கள் தங்களுக்குத் தெரிந்தவர்களை அழைக்கும், ஒவ்வொரு விதியும் வெளியிடப்பட்டு அனைவருக்கும் ஒரே மாதிரி பின்பற்றப்படும், நல்ல டீல் அதிர்ஷ்டத்தால் அல்ல, திறமையால் கிடைக்கும் ஒரு சமூகம்.',
  'Why choose Vetri Deals': 'ஏன் வெற்றி டீல்ஸைத் தேர்ந்தெடுக்க வேண்டும்',
  'Real savings': 'உண்மையான சேமிப்பு',
  'Deal rooms regularly close at up to 60% off retail. The price only ever moves by the fixed increment the room sets, so nobody can jump the queue with a bigger offer.':
    'டீல் அறைகள் அடிக்கடி சில்லறை விலையிலிருந்து 60% வரை தள்ளுபடியில் முடிகின்றன. அறை நிர்ணயிக்கும் நிலையான தொகையால் மட்டுமே விலை உயரும்; எனவே பெரிய தொகையைச் சொல்லி யாரும் முந்த முடியாது.',
  'Value even when you don’t win': 'வெல்லாவிட்டாலும் பலன்',
  'If you take part in a deal and don’t win, your entry fee comes back as Reward Cash that you can spend on anything in our shop.':
    'ஒரு டீலில் பங்கேற்று வெல்லாவிட்டால், உங்கள் நுழைவுக் கட்டணம் வெகுமதிப் பணமாகத் திரும்பி வரும்; எங்கள் கடையில் எதையும் வாங்க அதைச் செலவிடலாம்.',
  'Skill, not luck': 'அதிர்ஷ்டம் அல்ல, திறமை',
  'Every member gets the same number of attempts, and the round timer restarts on each valid deal. Timing and patience decide the winner — there is no draw and no random pick.':
    'ஒவ்வொரு உறுப்பினருக்கும் ஒரே எண்ணிக்கையிலான முயற்சிகள்; ஒவ்வொரு செல்லுபடியான டீலிலும் சுற்று டைமர் மீண்டும் தொடங்கும். சரியான நேரமும் பொறுமையுமே வெற்றியாளரைத் தீர்மானிக்கின்றன — குலுக்கலோ தற்செயல் தேர்வோ இல்லை.',
  'Transparent and auditable': 'வெளிப்படையானது, தணிக்கை செய்யக்கூடியது',
  'Every booking, deal, refund and reward is recorded in order and can be checked later. When a room doesn’t fill, every fee is refunded to the wallet automatically.':
    'ஒவ்வொரு முன்பதிவு, டீல், பணம் திருப்பித் தருதல், வெகுமதியும் வரிசையாகப் பதிவு செய்யப்பட்டு, பின்னர் சரிபார்க்கக்கூடியவை. அறை நிரம்பாவிட்டால், ஒவ்வொரு கட்டணமும் தானாகவே வாலட்டுக்குத் திருப்பித் தரப்படும்.',
  'Verified suppliers': 'சரிபார்க்கப்பட்ட விநியோகஸ்தர்கள்',
  'We buy sealed, genuine stock from authorised distributors and ship with a GST invoice and the maker’s warranty.':
    'அங்கீகரிக்கப்பட்ட விநியோகஸ்தர்களிடமிருந்து சீல் செய்யப்பட்ட அசல் பொருட்களை வாங்கி, GST விலைப்பட்டியலுடனும் தயாரிப்பாளரின் உத்தரவாதத்துடனும் அனுப்புகிறோம்.',
  'Secure payments': 'பாதுகாப்பான பணம் செலுத்துதல்',
  'Wallet top-ups and shop payments go through a licensed payment gateway. We never see or store your card or UPI PIN.':
    'வாலட் நிரப்புதலும் கடைக் கட்டணங்களும் உரிமம் பெற்ற கட்டண நுழைவாயில் வழியாக நடக்கின்றன. உங்கள் கார்டு விவரங்களையோ UPI PIN-ஐயோ நாங்கள் ஒருபோதும் பார்ப்பதோ சேமிப்பதோ இல்லை.',
  'Talk to us': 'எங்களிடம் பேசுங்கள்',
  'Our support team is based in Thanjavur and answers in English and Tamil, {hours}. Write to <mail>{email}</mail> or call <phone>{phone}</phone>. You’ll find our office address on the <contact>Contact Us</contact> page, and the full rules of play on the <rules>Deal Rules</rules> page.':
    'எங்கள் உதவிக் குழு தஞ்சாவூரில் உள்ளது; ஆங்கிலத்திலும் தமிழிலும் பதில் அளிக்கும், {hours}. <mail>{email}</mail> முகவரிக்கு எழுதுங்கள் அல்லது <phone>{phone}</phone> எண்ணை அழையுங்கள். எங்கள் அலுவலக முகவரி <contact>எங்களைத் தொடர்புகொள்ள</contact> பக்கத்திலும், முழு விதிமுறைகள் <rules>டீல் விதிமுறைகள்</rules> பக்கத்திலும் உள்ளன.',

  // Contact Us (/contact)
  'We’re here to help': 'உதவ நாங்கள் இருக்கிறோம்',
  'Questions about a deal room, your wallet, an order or a delivery? Our team in Thanjavur is happy to help.':
    'டீல் அறை, உங்கள் வாலட், ஆர்டர் அல்லது டெலிவரி பற்றிக் கேள்விகளா? தஞ்சாவூரில் உள்ள எங்கள் குழு மகிழ்ச்சியுடன் உதவும்.',
  'Email support': 'மின்னஞ்சல் உதவி',
  'We reply within one working day. Please include your room code or order code.':
    'ஒரு வேலை நாளுக்குள் பதில் அளிப்போம். உங்கள் அறைக் குறியீடு அல்லது ஆர்டர் குறியீட்டைக் குறிப்பிடுங்கள்.',
  'English and Tamil. Calls are answered during support hours.':
    'ஆங்கிலம், தமிழ். உதவி நேரத்தில் அழைப்புகளுக்குப் பதில் அளிக்கப்படும்.',
  'Support hours': 'உதவி நேரம்',
  'Closed on Sundays and national holidays.': 'ஞாயிற்றுக்கிழமைகளிலும் தேசிய விடுமுறை நாட்களிலும் விடுமுறை.',
  Office: 'அலுவலகம்',
  'Visits by appointment only.': 'முன்அனுமதி பெற்றே வருகை தர வேண்டும்.',
  'Before you write': 'எழுதுவதற்கு முன்',
  'How pre-booking, rounds and winning work is explained on the <rules>Deal Rules</rules> page.':
    'முன்பதிவு, சுற்றுகள், வெற்றி எப்படி நடக்கின்றன என்பது <rules>டீல் விதிமுறைகள்</rules> பக்கத்தில் விளக்கப்பட்டுள்ளது.',
  'Refunds for cancelled rooms and shop orders are covered in <refund>Cancellation & Refund</refund>.':
    'ரத்தான அறைகளுக்கும் கடை ஆர்டர்களுக்கும் பணம் திருப்பித் தருதல் பற்றி <refund>ரத்துசெய்தல் & பணத்தைத் திருப்பித் தருதல்</refund> பக்கத்தில் உள்ளது.',
  'Delivery times are in our <shipping>Shipping Policy</shipping>.':
    'டெலிவரி நேரங்கள் எங்கள் <shipping>ஷிப்பிங் கொள்கை</shipping> பக்கத்தில் உள்ளன.',

  // Deal Rules (/about-deals)
  'Every room follows the same four steps. The server applies these rules the same way for every member — no exceptions and no hidden extras — and every step is recorded so any room can be checked afterwards.':
    'ஒவ்வொரு அறையும் ஒரே நான்கு படிகளைப் பின்பற்றுகிறது. சர்வர் இந்த விதிகளை ஒவ்வொரு உறுப்பினருக்கும் ஒரே மாதிரி பயன்படுத்துகிறது — விதிவிலக்குகளோ மறைமுகக் கட்டணங்களோ இல்லை — எந்த அறையையும் பின்னர் சரிபார்க்கும் வகையில் ஒவ்வொரு படியும் பதிவு செய்யப்படுகிறது.',
  'Step {n}: {title}': 'படி {n}: {title}',
  Booking: 'முன்பதிவு',
  'Choose an upcoming room on the Deals page and press Pre-Book. You need to be logged in with full access: members still on the waitlist can browse but cannot pre-book or place deals.':
    'டீல்கள் பக்கத்தில் வரவிருக்கும் ஒரு அறையைத் தேர்ந்தெடுத்து முன்பதிவு பொத்தானை அழுத்துங்கள். முழு அணுகலுடன் உள்நுழைந்திருக்க வேண்டும்: காத்திருப்புப் பட்டியலில் உள்ள உறுப்பினர்கள் பார்வையிடலாம், ஆனால் முன்பதிவு செய்யவோ டீல் செய்யவோ முடியாது.',
  'The entry fee is taken from your cash wallet — never from Reward Cash — and held in the room’s escrow for that room only. If your cash is less than the fee, the pre-book is refused and nothing is taken.':
    'நுழைவுக் கட்டணம் உங்கள் பண வாலட்டிலிருந்து எடுக்கப்படும் — ஒருபோதும் வெகுமதிப் பணத்திலிருந்து அல்ல — அந்த அறைக்காக மட்டும் அறையின் எஸ்க்ரோவில் வைக்கப்படும். உங்கள் பணம் கட்டணத்தை விடக் குறைவாக இருந்தால், முன்பதிவு மறுக்கப்படும்; எதுவும் எடுக்கப்படாது.',
  'Each room has a fixed number of seats, from {min} to {max}. You can hold one seat per room. When every seat is taken the room shows Room Full.':
    'ஒவ்வொரு அறைக்கும் {min} முதல் {max} வரை நிலையான எண்ணிக்கையிலான இருக்கைகள் உண்டு. ஒரு அறையில் ஒரு இருக்கை மட்டுமே வைத்திருக்கலாம். எல்லா இருக்கைகளும் நிரம்பியதும் அறை “அறை நிரம்பியது” எனக் காட்டும்.',
  'Pre-booking closes at the scheduled start time. Every rule of a room (prices, increment, timer, fee, seats, attempts, winner’s bonus) is fixed when the room is created and never changes afterwards. An admin may move the start of a room nobody has booked yet, or cancel an upcoming room with a reason, and then every entry fee is refunded.':
    'திட்டமிட்ட தொடக்க நேரத்தில் முன்பதிவு முடிவடையும். ஒரு அறையின் ஒவ்வொரு விதியும் (விலைகள், உயர்வுத் தொகை, டைமர், கட்டணம், இருக்கைகள், முயற்சிகள், வெற்றியாளர் போனஸ்) அறை உருவாக்கப்படும்போதே நிர்ணயிக்கப்பட்டு, பின்னர் ஒருபோதும் மாறாது. யாரும் இன்னும் முன்பதிவு செய்யாத அறையின் தொடக்கத்தை நிர்வாகி மாற்றலாம், அல்லது காரணத்துடன் வரவிருக்கும் அறையை ரத்துசெய்யலாம்; அப்போது ஒவ்வொரு நுழைவுக் கட்டணமும் திருப்பித் தரப்படும்.',
  'Deal begins': 'டீல் தொடங்குகிறது',
  'At the scheduled time the server opens the room only if every seat is booked. Booked members press Join to enter the live room; everyone else can watch in view-only mode.':
    'எல்லா இருக்கைகளும் முன்பதிவு செய்யப்பட்டிருந்தால் மட்டுமே திட்டமிட்ட நேரத்தில் சர்வர் அறையைத் திறக்கும். முன்பதிவு செய்த உறுப்பினர்கள் சேர் பொத்தானை அழுத்தி நேரலை அறைக்குள் நுழைவார்கள்; மற்றவர்கள் பார்வை மட்டும் முறையில் பார்க்கலாம்.',
  'If the room is not full at its start time it is cancelled for “{reason}” and every entry fee goes back to the members’ cash wallets automatically, once. You do not need to ask for it.':
    'தொடக்க நேரத்தில் அறை நிரம்பாவிட்டால், “{reason}” என்ற காரணத்துக்காக அது ரத்துசெய்யப்பட்டு, ஒவ்வொரு நுழைவுக் கட்டணமும் உறுப்பினர்களின் பண வாலட்டுகளுக்குத் தானாகவே, ஒருமுறை, திரும்பும். நீங்கள் கேட்க வேண்டியதில்லை.',
  'not enough participants': 'போதுமான பங்கேற்பாளர்கள் இல்லை',
  'The price starts at the room’s base price and the first round timer starts at once.':
    'விலை அறையின் அடிப்படை விலையில் தொடங்கும்; முதல் சுற்று டைமர் உடனே தொடங்கும்.',
  'Deal ends': 'டீல் முடிகிறது',
  'You never type an amount: each deal adds the room’s fixed increment (a whole number of rupees) to the current price, and the server sets the new price.':
    'நீங்கள் தொகையைத் தட்டச்சு செய்வதில்லை: ஒவ்வொரு டீலும் அறையின் நிலையான உயர்வுத் தொகையை (முழு ரூபாய்) தற்போதைய விலையுடன் சேர்க்கும்; புதிய விலையைச் சர்வர் நிர்ணயிக்கும்.',
  'Each member has a limited number of deals per room — {attempts} unless the room says otherwise. After your last one the button reads “No more deals”: “{limit}”':
    'ஒவ்வொரு உறுப்பினருக்கும் ஒரு அறையில் குறிப்பிட்ட எண்ணிக்கையிலான டீல்கள் மட்டுமே — அறை வேறு சொல்லாவிட்டால் {attempts}. உங்கள் கடைசி டீலுக்குப் பிறகு பொத்தான் “இனி டீல்கள் இல்லை” எனக் காட்டும்: “{limit}”',
  'You’ve reached your deal limit.': 'உங்கள் டீல் வரம்பை அடைந்துவிட்டீர்கள்.',
  'You cannot place two deals in a row: while you hold the highest deal, someone else must deal before you can again. No deal may take the price above the room’s maximum price.':
    'தொடர்ந்து இரண்டு டீல்கள் செய்ய முடியாது: நீங்கள் அதிகபட்ச டீலை வைத்திருக்கும்போது, நீங்கள் மீண்டும் டீல் செய்வதற்கு முன் வேறொருவர் டீல் செய்ய வேண்டும். எந்த டீலும் அறையின் அதிகபட்ச விலையைத் தாண்டக் கூடாது.',
  'Every accepted deal restarts the round timer (60 seconds unless the room sets another length), counted from the moment the server accepts it. The server’s clock decides: a deal that arrives after the round has closed is refused, and you are told how late it was.':
    'ஏற்கப்பட்ட ஒவ்வொரு டீலும் சுற்று டைமரை மீண்டும் தொடங்கும் (அறை வேறு நேரம் நிர்ணயிக்காவிட்டால் 60 வினாடிகள்); சர்வர் ஏற்கும் கணத்திலிருந்து கணக்கிடப்படும். சர்வரின் கடிகாரமே தீர்மானிக்கும்: சுற்று முடிந்த பிறகு வரும் டீல் மறுக்கப்படும்; அது எவ்வளவு தாமதம் என்றும் சொல்லப்படும்.',
  'The room ends when the round timer runs out — the last valid deal wins at the current price — or at once when the price can no longer go up by another increment (maximum price reached), or when nobody but the leader has deals left.':
    'சுற்று டைமர் முடியும்போது அறை முடிவடையும் — கடைசி செல்லுபடியான டீல் தற்போதைய விலையில் வெல்லும் — அல்லது விலையை இன்னொரு உயர்வுத் தொகையால் உயர்த்த முடியாதபோது (அதிகபட்ச விலை எட்டப்பட்டது), அல்லது முன்னிலையில் இருப்பவரைத் தவிர வேறு யாருக்கும் டீல்கள் மீதமில்லாதபோது உடனே முடிவடையும்.',
  'If the timer runs out before anyone deals, there is no winner and every entry fee goes back to cash.':
    'யாரும் டீல் செய்வதற்கு முன் டைமர் முடிந்தால், வெற்றியாளர் இல்லை; ஒவ்வொரு நுழைவுக் கட்டணமும் பணமாகத் திரும்பும்.',
  'My Deals and winning': 'என் டீல்களும் வெற்றியும்',
  'My Deals lists every room you booked under prebooked, won, lost and cancelled (a room that ended with no deals is listed under cancelled too: your fee came back to cash).':
    'நீங்கள் முன்பதிவு செய்த ஒவ்வொரு அறையையும் என் டீல்கள் பக்கம் முன்பதிவு, வென்றவை, தோற்றவை, ரத்தானவை எனப் பட்டியலிடும் (டீல் எதுவும் இல்லாமல் முடிந்த அறையும் ரத்தானவையில் வரும்: உங்கள் கட்டணம் பணமாகத் திரும்பியது).',
  'If you win, the winner’s entry fee is kept as your entry, and you get the room’s winner bonus in Reward Cash when it has one. Press Purchase within {minutes} minutes of the end, enter your delivery address and pay the final price. Delivery is ₹0. A payment you start inside the hour is honoured even if it completes just after, as long as the item has not been offered to the next member; after that the purchase window expires and the button shows Expired.':
    'நீங்கள் வென்றால், வெற்றியாளரின் நுழைவுக் கட்டணம் உங்கள் நுழைவாக வைக்கப்படும்; அறையில் வெற்றியாளர் போனஸ் இருந்தால் அது வெகுமதிப் பணமாகக் கிடைக்கும். முடிந்த {minutes} நிமிடங்களுக்குள் வாங்கு பொத்தானை அழுத்தி, டெலிவரி முகவரியை உள்ளிட்டு, இறுதி விலையைச் செலுத்துங்கள். டெலிவரி ₹0. அந்த ஒரு மணி நேரத்துக்குள் தொடங்கிய பணம் செலுத்துதல் சற்றுப் பிறகு முடிந்தாலும், பொருள் அடுத்த உறுப்பினருக்கு வழங்கப்படாத வரை ஏற்கப்படும்; அதன் பிறகு வாங்கும் நேரம் முடிந்து பொத்தான் “காலாவதியானது” எனக் காட்டும்.',
  'If the winner does not buy in time, a room may offer the item to the runner-up — the member with the next-highest last deal — at that member’s last deal, with a new {minutes}-minute window, and so on down as many places as the room allows. You are told in the app and by mail. Entry fees are not moved again: the winner’s fee stays kept and the bonus stays theirs, and a runner-up’s fee stays as the Reward Cash it became when the room ended.':
    'வெற்றியாளர் நேரத்தில் வாங்காவிட்டால், அறை அந்தப் பொருளை இரண்டாம் இடத்தவருக்கு — அடுத்த உயர்ந்த கடைசி டீல் செய்த உறுப்பினருக்கு — அவரது கடைசி டீல் விலையில், புதிய {minutes} நிமிட அவகாசத்துடன் வழங்கலாம்; அறை அனுமதிக்கும் இடங்கள் வரை இப்படியே தொடரும். இது செயலியிலும் மின்னஞ்சலிலும் உங்களுக்குத் தெரிவிக்கப்படும். நுழைவுக் கட்டணங்கள் மீண்டும் நகர்த்தப்படாது: வெற்றியாளரின் கட்டணம் வைக்கப்படும், போனஸ் அவருடையதாகவே இருக்கும்; இரண்டாம் இடத்தவரின் கட்டணம் அறை முடிந்தபோது ஆன வெகுமதிப் பணமாகவே இருக்கும்.',
  'If you take part and don’t win, your entry fee comes back to you as Reward Cash at once, ready to spend in the shop.':
    'பங்கேற்று வெல்லாவிட்டால், உங்கள் நுழைவுக் கட்டணம் உடனே வெகுமதிப் பணமாக உங்களிடம் திரும்பும்; கடையில் செலவிடத் தயாராக இருக்கும்.',
  'An example round': 'ஒரு எடுத்துக்காட்டுச் சுற்று',
  'A phone room has 5 seats, an entry fee of ₹50, a base price of ₹1,000, an increment of ₹10, a maximum price of ₹3,000 and a 60-second timer. All 5 seats are booked, so it starts at 7:00 pm at ₹1,000. Priya deals (₹1,010), then Arun (₹1,020), then Priya again (₹1,030). Nobody deals in the next 60 seconds, so Priya wins and can buy the phone for ₹1,030 with free delivery within the hour; her ₹50 was her entry. Arun and the other three members each get ₹50 back as Reward Cash.':
    'ஒரு ஃபோன் அறையில் 5 இருக்கைகள், ₹50 நுழைவுக் கட்டணம், ₹1,000 அடிப்படை விலை, ₹10 உயர்வுத் தொகை, ₹3,000 அதிகபட்ச விலை, 60 வினாடி டைமர். 5 இருக்கைகளும் முன்பதிவு ஆனதால், மாலை 7:00 மணிக்கு ₹1,000-இல் தொடங்குகிறது. பிரியா டீல் செய்கிறார் (₹1,010), பிறகு அருண் (₹1,020), பிறகு மீண்டும் பிரியா (₹1,030). அடுத்த 60 வினாடிகளில் யாரும் டீல் செய்யவில்லை; எனவே பிரியா வென்று, ஒரு மணி நேரத்துக்குள் இலவச டெலிவரியுடன் ₹1,030-க்கு ஃபோனை வாங்கலாம்; அவரது ₹50 அவரது நுழைவாக இருந்தது. அருணும் மற்ற மூன்று உறுப்பினர்களும் ஒவ்வொருவரும் ₹50-ஐ வெகுமதிப் பணமாகத் திரும்பப் பெறுகிறார்கள்.',
  'Wallets Explained': 'வாலட்கள் — விளக்கம்',
  'Your account has two balances. The header shows both, rounded to whole rupees. Neither can ever go below ₹0.':
    'உங்கள் கணக்கில் இரண்டு இருப்புகள் உள்ளன. தலைப்புப் பட்டை இரண்டையும் முழு ரூபாயாகக் காட்டும். இரண்டும் ஒருபோதும் ₹0-க்குக் கீழே போகாது.',
  'Cash wallet': 'பண வாலட்',
  'Top up from the <wallet>Wallet</wallet> page with the ₹50, ₹100 and ₹200 buttons. Our rules and terms text gives ₹100, ₹200 and ₹500 as top-up amounts, and the Wallet page offers ₹500 too. You pay on a secure checkout page; each payment is credited once.':
    '<wallet>வாலட்</wallet> பக்கத்தில் ₹50, ₹100, ₹200 பொத்தான்கள் மூலம் நிரப்புங்கள். எங்கள் விதிமுறைகள் ₹100, ₹200, ₹500 ஆகியவற்றை நிரப்பும் தொகைகளாகக் குறிப்பிடுகின்றன; வாலட் பக்கம் ₹500-ஐயும் வழங்குகிறது. பாதுகாப்பான செக்அவுட் பக்கத்தில் பணம் செலுத்துவீர்கள்; ஒவ்வொரு கட்டணமும் ஒருமுறை மட்டுமே வரவு வைக்கப்படும்.',
  'Pays entry fees for deal rooms. Fees held for rooms that have not finished are shown on the Wallet page.':
    'டீல் அறைகளுக்கான நுழைவுக் கட்டணங்களைச் செலுத்துகிறது. இன்னும் முடியாத அறைகளுக்காக வைக்கப்பட்ட கட்டணங்கள் வாலட் பக்கத்தில் காட்டப்படும்.',
  'Refunds for rooms that are cancelled, or that end with no deals at all, come back here.':
    'ரத்தான அறைகளுக்கும், டீல் எதுவும் இல்லாமல் முடிந்த அறைகளுக்கும் திருப்பித் தரப்படும் பணம் இங்கே வரும்.',
  'Reward Cash': 'வெகுமதிப் பணம்',
  'Credited when you take part in a deal and don’t win (your entry fee comes back as Reward Cash), and as the winner’s bonus in rooms that offer one.':
    'ஒரு டீலில் பங்கேற்று வெல்லாதபோது (உங்கள் நுழைவுக் கட்டணம் வெகுமதிப் பணமாகத் திரும்பும்), மேலும் வெற்றியாளர் போனஸ் வழங்கும் அறைகளில் அந்த போனஸாக வரவு வைக்கப்படும்.',
  'Can only be spent on products in the shop, applied item by item at checkout.':
    'கடையில் உள்ள பொருட்களுக்கு மட்டுமே செலவிட முடியும்; செக்அவுட்டில் ஒவ்வொரு பொருளுக்கும் தனித்தனியாகப் பயன்படுத்தலாம்.',
  'Cannot be withdrawn as cash and cannot be used to enter other deals.':
    'பணமாக எடுக்கவோ மற்ற டீல்களில் நுழையப் பயன்படுத்தவோ முடியாது.',
  'Questions about a room or your wallet? See <refund>Cancellation & Refund</refund> or <contact>contact support</contact>.':
    'அறை அல்லது உங்கள் வாலட் பற்றிக் கேள்விகளா? <refund>ரத்துசெய்தல் & பணத்தைத் திருப்பித் தருதல்</refund> பக்கத்தைப் பாருங்கள், அல்லது <contact>உதவிக் குழுவைத் தொடர்புகொள்ளுங்கள்</contact>.',

  // Privacy Policy (/policy)
  'What we collect, why we collect it and how we keep it safe. We only ask for what we need to run your membership, deals and orders.':
    'நாங்கள் எதைச் சேகரிக்கிறோம், ஏன் சேகரிக்கிறோம், அதை எப்படிப் பாதுகாக்கிறோம். உங்கள் உறுப்பினர் கணக்கு, டீல்கள், ஆர்டர்களை நடத்தத் தேவையானதை மட்டுமே கேட்கிறோம்.',
  'What we collect': 'நாங்கள் சேகரிப்பவை',
  '<b>Account details:</b> name, email, phone number, date of birth, district and the referral code you joined with.':
    '<b>கணக்கு விவரங்கள்:</b> பெயர், மின்னஞ்சல், தொலைபேசி எண், பிறந்த தேதி, மாவட்டம், நீங்கள் சேர்ந்தபோது பயன்படுத்திய பரிந்துரைக் குறியீடு.',
  '<b>Profile and delivery details:</b> addresses, pincode and landmark you give us for orders and won deals.':
    '<b>சுயவிவரம் மற்றும் டெலிவரி விவரங்கள்:</b> ஆர்டர்களுக்கும் வென்ற டீல்களுக்கும் நீங்கள் தரும் முகவரிகள், பின்கோடு, அடையாளக் குறி.',
  '<b>Activity:</b> the rooms you book, the deals you place, wallet transactions, Reward Cash, cart and orders — with the time each happened.':
    '<b>செயல்பாடு:</b> நீங்கள் முன்பதிவு செய்யும் அறைகள், செய்யும் டீல்கள், வாலட் பரிவர்த்தனைகள், வெகுமதிப் பணம், கூடை, ஆர்டர்கள் — ஒவ்வொன்றும் நடந்த நேரத்துடன்.',
  '<b>Payments:</b> the payment reference and status from our payment partner. Card numbers, UPI PINs and bank passwords are entered on the partner’s page; we never see or store them.':
    '<b>பணம் செலுத்துதல்:</b> எங்கள் கட்டணக் கூட்டாளரிடமிருந்து பெறும் கட்டணக் குறிப்பு எண்ணும் நிலையும். கார்டு எண்கள், UPI PIN-கள், வங்கிக் கடவுச்சொற்கள் கூட்டாளரின் பக்கத்திலேயே உள்ளிடப்படுகின்றன; அவற்றை நாங்கள் ஒருபோதும் பார்ப்பதோ சேமிப்பதோ இல்லை.',
  'How we use it': 'அதை எப்படிப் பயன்படுத்துகிறோம்',
  'To run your account, your wallet and the deal rooms, and to deliver what you buy or win.':
    'உங்கள் கணக்கு, வாலட், டீல் அறைகளை நடத்தவும், நீங்கள் வாங்குவதையோ வெல்வதையோ டெலிவரி செய்யவும்.',
  'To keep deals fair: to detect multiple accounts, automated play and collusion.':
    'டீல்களை நியாயமாக வைக்க: பல கணக்குகள், தானியங்கி விளையாட்டு, கூட்டுச் சதி ஆகியவற்றைக் கண்டறிய.',
  'To send one-time passwords, order updates and, if you subscribe, our newsletter.':
    'ஒருமுறைக் கடவுச்சொற்கள் (OTP), ஆர்டர் தகவல்கள், நீங்கள் சந்தா சேர்ந்திருந்தால் எங்கள் செய்தி மடல் ஆகியவற்றை அனுப்ப.',
  'To meet our legal, tax and accounting obligations.': 'எங்கள் சட்ட, வரி, கணக்கியல் கடமைகளை நிறைவேற்ற.',
  Cookies: 'குக்கீகள்',
  'We use one essential session cookie to keep you logged in. It is marked secure and is not readable by scripts. We do not use advertising or cross-site tracking cookies.':
    'உங்களை உள்நுழைந்த நிலையில் வைக்க ஒரே ஒரு அத்தியாவசிய அமர்வுக் குக்கீயைப் பயன்படுத்துகிறோம். அது பாதுகாப்பானதாகக் குறிக்கப்பட்டுள்ளது; ஸ்கிரிப்டுகளால் படிக்க முடியாது. விளம்பரக் குக்கீகளையோ பிற தளங்களில் பின்தொடரும் குக்கீகளையோ பயன்படுத்துவதில்லை.',
  'Who we share it with': 'யாருடன் பகிர்கிறோம்',
  'We share only what each partner needs: our payment partner (to take payments), our courier partners (name, phone and delivery address) and our email provider (to send mail). We do not sell your data. We disclose information to authorities only when the law requires it.':
    'ஒவ்வொரு கூட்டாளருக்கும் தேவையானதை மட்டுமே பகிர்கிறோம்: எங்கள் கட்டணக் கூட்டாளர் (பணம் பெற), கூரியர் கூட்டாளர்கள் (பெயர், தொலைபேசி, டெலிவரி முகவரி), மின்னஞ்சல் சேவை வழங்குநர் (மின்னஞ்சல் அனுப்ப). உங்கள் தரவை நாங்கள் விற்பதில்லை. சட்டம் கோரும்போது மட்டுமே அதிகாரிகளுக்குத் தகவல் வெளியிடுகிறோம்.',
  'How long we keep it': 'எவ்வளவு காலம் வைத்திருக்கிறோம்',
  'Deal, wallet and order records are kept for eight years, as Indian tax law requires, and because they make every result auditable. If you close your account we remove your profile details and keep only those records.':
    'இந்திய வரிச் சட்டம் கோருவதாலும், ஒவ்வொரு முடிவையும் தணிக்கை செய்ய உதவுவதாலும், டீல், வாலட், ஆர்டர் பதிவுகள் எட்டு ஆண்டுகள் வைக்கப்படுகின்றன. உங்கள் கணக்கை மூடினால், உங்கள் சுயவிவர விவரங்களை நீக்கி அந்தப் பதிவுகளை மட்டுமே வைத்திருப்போம்.',
  'Your choices and rights': 'உங்கள் தேர்வுகளும் உரிமைகளும்',
  'You can see and correct your details on your profile page, unsubscribe from the newsletter at any time, and ask us for a copy of your data or to close your account. We handle personal data in line with the Digital Personal Data Protection Act, 2023.':
    'உங்கள் சுயவிவரப் பக்கத்தில் உங்கள் விவரங்களைப் பார்த்துத் திருத்தலாம், எப்போது வேண்டுமானாலும் செய்தி மடலிலிருந்து விலகலாம், உங்கள் தரவின் நகலையோ கணக்கை மூடுவதையோ எங்களிடம் கேட்கலாம். டிஜிட்டல் தனிநபர் தரவுப் பாதுகாப்புச் சட்டம், 2023-இன்படி தனிப்பட்ட தரவைக் கையாளுகிறோம்.',
  'Contact our grievance officer': 'எங்கள் குறைதீர்ப்பு அலுவலரைத் தொடர்புகொள்ளுங்கள்',
  'Write to <mail>{email}</mail> with the subject “Privacy”, or by post to <address>address</address>. We respond within 30 days. See also our <terms>Terms & Conditions</terms>.':
    '“தனியுரிமை” என்ற தலைப்புடன் <mail>{email}</mail> முகவரிக்கு எழுதுங்கள், அல்லது <address>address</address> என்ற முகவரிக்குத் தபாலில் அனுப்புங்கள். 30 நாட்களுக்குள் பதில் அளிப்போம். எங்கள் <terms>விதிமுறைகள் & நிபந்தனைகள்</terms> பக்கத்தையும் பாருங்கள்.',

  // Cancellation & Refund (/cancellation-and-refund)
  'When money goes back to your wallet or your bank, and how long it takes.':
    'பணம் எப்போது உங்கள் வாலட்டுக்கோ வங்கிக்கோ திரும்பும், அதற்கு எவ்வளவு நாளாகும்.',
  'In short': 'சுருக்கமாக',
  'Refunds are processed within 7 working days.': 'பணம் 7 வேலை நாட்களுக்குள் திருப்பித் தரப்படும்.',
  'Deal rooms': 'டீல் அறைகள்',
  '<b>Room not full at its start time:</b> the room is cancelled for not enough participants and every entry fee is refunded to the members’ cash wallets automatically. You don’t need to ask.':
    '<b>தொடக்க நேரத்தில் அறை நிரம்பவில்லை:</b> போதுமான பங்கேற்பாளர்கள் இல்லாததால் அறை ரத்துசெய்யப்பட்டு, ஒவ்வொரு நுழைவுக் கட்டணமும் உறுப்பினர்களின் பண வாலட்டுகளுக்குத் தானாகவே திருப்பித் தரப்படும். நீங்கள் கேட்க வேண்டியதில்லை.',
  '<b>Room ends with no deals at all:</b> every entry fee goes back to cash.':
    '<b>டீல் எதுவும் இல்லாமல் அறை முடிந்தது:</b> ஒவ்வொரு நுழைவுக் கட்டணமும் பணமாகத் திரும்பும்.',
  '<b>You take part and don’t win:</b> your entry fee comes back as Reward Cash, which can be spent only in the shop and cannot be withdrawn or used for other deals.':
    '<b>பங்கேற்று வெல்லவில்லை:</b> உங்கள் நுழைவுக் கட்டணம் வெகுமதிப் பணமாகத் திரும்பும்; அதைக் கடையில் மட்டுமே செலவிடலாம், எடுக்கவோ மற்ற டீல்களுக்குப் பயன்படுத்தவோ முடியாது.',
  '<b>After booking:</b> a pre-booked seat cannot be cancelled by the member, because every seat counts towards filling the room.':
    '<b>முன்பதிவுக்குப் பிறகு:</b> ஒவ்வொரு இருக்கையும் அறையை நிரப்பக் கணக்கில் வருவதால், முன்பதிவு செய்த இருக்கையை உறுப்பினர் ரத்துசெய்ய முடியாது.',
  'Won deals': 'வென்ற டீல்கள்',
  'The winner has one hour from the end of the deal to complete the purchase. If the product cannot be delivered to the address you give, or arrives damaged, we refund the amount you paid for it in full to the original payment method.':
    'டீல் முடிந்ததிலிருந்து ஒரு மணி நேரத்துக்குள் வெற்றியாளர் வாங்குதலை முடிக்க வேண்டும். நீங்கள் தரும் முகவரிக்குப் பொருளை டெலிவரி செய்ய முடியாவிட்டால், அல்லது சேதமடைந்து வந்தால், நீங்கள் செலுத்திய முழுத் தொகையையும் நீங்கள் செலுத்திய அதே முறைக்கே திருப்பித் தருவோம்.',
  'Shop orders': 'கடை ஆர்டர்கள்',
  'You can cancel a shop order free of charge until it is shipped. Write to us with your order code.':
    'அனுப்பப்படும் வரை கடை ஆர்டரைக் கட்டணமின்றி ரத்துசெய்யலாம். உங்கள் ஆர்டர் குறியீட்டுடன் எங்களுக்கு எழுதுங்கள்.',
  'Once delivered, a sealed product can be returned within 7 days if it is damaged, defective or not what you ordered. Tell us within 48 hours of delivery, with photos of the package.':
    'டெலிவரிக்குப் பிறகு, சீல் செய்யப்பட்ட பொருள் சேதமடைந்திருந்தால், குறைபாடுடையதாக இருந்தால், அல்லது நீங்கள் ஆர்டர் செய்தது இல்லையென்றால் 7 நாட்களுக்குள் திருப்பி அனுப்பலாம். டெலிவரியான 48 மணி நேரத்துக்குள் பார்சலின் புகைப்படங்களுடன் எங்களுக்குத் தெரிவியுங்கள்.',
  'Money paid online goes back to the original payment method. Reward Cash applied to the order goes back to your Reward Cash balance.':
    'ஆன்லைனில் செலுத்திய பணம் நீங்கள் செலுத்திய அதே முறைக்குத் திரும்பும். ஆர்டருக்குப் பயன்படுத்திய வெகுமதிப் பணம் உங்கள் வெகுமதிப் பண இருப்புக்குத் திரும்பும்.',
  'Reserved crackers orders can be cancelled until they are dispatched. For safety reasons, crackers cannot be returned once delivered unless they arrive damaged.':
    'முன்பதிவு செய்த பட்டாசு ஆர்டர்களை அனுப்பப்படும் வரை ரத்துசெய்யலாம். பாதுகாப்புக் காரணங்களுக்காக, சேதமடைந்து வந்தால் தவிர, டெலிவரியான பட்டாசுகளைத் திருப்பி அனுப்ப முடியாது.',
  'How long refunds take': 'பணம் திரும்ப எவ்வளவு நாளாகும்',
  'Refunds are processed within 7 working days. Wallet refunds usually show at once; refunds to a card or bank account may take a few more days to appear, depending on your bank.':
    'பணம் 7 வேலை நாட்களுக்குள் திருப்பித் தரப்படும். வாலட்டுக்குத் திருப்பித் தரப்படும் பணம் பொதுவாக உடனே தெரியும்; கார்டு அல்லது வங்கிக் கணக்குக்குத் திருப்பித் தரப்படும் பணம் உங்கள் வங்கியைப் பொறுத்து இன்னும் சில நாட்கள் ஆகலாம்.',
  'Need help?': 'உதவி தேவையா?',
  'Email <mail>{email}</mail> or call <phone>{phone}</phone>, {hours}. The full rules of play are on the <rules>Deal Rules</rules> page.':
    '<mail>{email}</mail> முகவரிக்கு மின்னஞ்சல் அனுப்புங்கள் அல்லது <phone>{phone}</phone> எண்ணை அழையுங்கள், {hours}. முழு விதிமுறைகள் <rules>டீல் விதிமுறைகள்</rules> பக்கத்தில் உள்ளன.',

  // Shipping Policy (/shipping-policy)
  'How and when your shop orders, won deals and crackers reach you.':
    'உங்கள் கடை ஆர்டர்கள், வென்ற டீல்கள், பட்டாசுகள் எப்படி, எப்போது உங்களை வந்தடையும்.',
  'Market-price products ship in 2 to 4 business days.': 'சந்தை விலைப் பொருட்கள் 2 முதல் 4 வேலை நாட்களில் அனுப்பப்படும்.',
  'Delivery charge ₹0 on every product you win.': 'நீங்கள் வெல்லும் ஒவ்வொரு பொருளுக்கும் டெலிவரிக் கட்டணம் ₹0.',
  'Where we deliver': 'எங்கே டெலிவரி செய்கிறோம்',
  'We deliver shop orders and won deals to addresses across India through trusted courier partners, with most orders going to homes across Tamil Nadu. Crackers are delivered only in Thanjavur and Thiruvarur districts.':
    'நம்பகமான கூரியர் கூட்டாளர்கள் மூலம் கடை ஆர்டர்களையும் வென்ற டீல்களையும் இந்தியா முழுவதும் உள்ள முகவரிகளுக்கு டெலிவரி செய்கிறோம்; பெரும்பாலான ஆர்டர்கள் தமிழ்நாடு முழுவதும் உள்ள வீடுகளுக்குச் செல்கின்றன. பட்டாசுகள் தஞ்சாவூர், திருவாரூர் மாவட்டங்களில் மட்டுமே டெலிவரி செய்யப்படும்.',
  'Market-price products ship in 2 to 4 business days from payment.':
    'சந்தை விலைப் பொருட்கள் பணம் செலுத்தியதிலிருந்து 2 முதல் 4 வேலை நாட்களில் அனுப்பப்படும்.',
  'Any delivery charge is shown at checkout before you pay.':
    'டெலிவரிக் கட்டணம் ஏதேனும் இருந்தால், பணம் செலுத்தும் முன் செக்அவுட்டில் காட்டப்படும்.',
  'You can follow the payment and shipment status of each order on your <orders>My Orders</orders> page.':
    'ஒவ்வொரு ஆர்டரின் பணம் செலுத்துதல், அனுப்புதல் நிலையை உங்கள் <orders>என் ஆர்டர்கள்</orders> பக்கத்தில் பின்தொடரலாம்.',
  'After you win, complete the purchase from <mydeals>My Deals</mydeals> within one hour with your delivery address. The delivery charge is ₹0.':
    'நீங்கள் வென்ற பிறகு, ஒரு மணி நேரத்துக்குள் உங்கள் டெலிவரி முகவரியுடன் <mydeals>என் டீல்கள்</mydeals> பக்கத்திலிருந்து வாங்குதலை முடியுங்கள். டெலிவரிக் கட்டணம் ₹0.',
  'Won products are packed and handed to the courier within 2 to 4 business days of payment.':
    'வென்ற பொருட்கள் பணம் செலுத்தியதிலிருந்து 2 முதல் 4 வேலை நாட்களுக்குள் பேக் செய்யப்பட்டுக் கூரியரிடம் ஒப்படைக்கப்படும்.',
  'Crackers season': 'பட்டாசுப் பருவம்',
  'Loading the season’s dates…': 'பருவத்தின் தேதிகளை ஏற்றுகிறது…',
  'Orders are taken from {from} to {to}.': 'ஆர்டர்கள் {from} முதல் {to} வரை ஏற்கப்படும்.',
  'At delivery': 'டெலிவரியின்போது',
  'Please check that the package is sealed before you accept it. If it is damaged, refuse it or note it with the courier and tell us within 48 hours — see <refund>Cancellation & Refund</refund>.':
    'பார்சலை ஏற்பதற்கு முன் அது சீல் செய்யப்பட்டுள்ளதா எனச் சரிபாருங்கள். சேதமடைந்திருந்தால், அதை மறுக்கவும் அல்லது கூரியரிடம் குறிப்பிட்டு 48 மணி நேரத்துக்குள் எங்களுக்குத் தெரிவியுங்கள் — <refund>ரத்துசெய்தல் & பணத்தைத் திருப்பித் தருதல்</refund> பார்க்கவும்.',
  'Email <mail>{email}</mail> or call <phone>{phone}</phone>, {hours}.':
    '<mail>{email}</mail> முகவரிக்கு மின்னஞ்சல் அனுப்புங்கள் அல்லது <phone>{phone}</phone> எண்ணை அழையுங்கள், {hours}.',

  // Terms & Conditions (/terms-and-conditions)
  'These terms govern your membership of Vetri Deals, the deal rooms, the wallet and the shop. Please read them before you pre-book a room or place an order.':
    'இந்த விதிமுறைகள் வெற்றி டீல்ஸில் உங்கள் உறுப்பினர் நிலை, டீல் அறைகள், வாலட், கடை ஆகியவற்றை நிர்வகிக்கின்றன. ஒரு அறையை முன்பதிவு செய்யும் முன்னோ ஆர்டர் செய்யும் முன்னோ இவற்றைப் படியுங்கள்.',
  '1. About these terms': '1. இந்த விதிமுறைகள் பற்றி',
  'Vetri Deals (<address>address</address>) operates this website and its deal rooms and shop. By registering or using the service you agree to these terms, to our <privacy>Privacy Policy</privacy>, and to the <rules>Deal Rules</rules>, which form part of these terms.':
    'வெற்றி டீல்ஸ் (<address>address</address>) இந்த இணையதளத்தையும் அதன் டீல் அறைகளையும் கடையையும் நடத்துகிறது. பதிவு செய்வதன் மூலமோ சேவையைப் பயன்படுத்துவதன் மூலமோ, இந்த விதிமுறைகளையும், எங்கள் <privacy>தனியுரிமைக் கொள்கை</privacy>யையும், இந்த விதிமுறைகளின் பகுதியான <rules>டீல் விதிமுறைகள்</rules>ளையும் ஏற்கிறீர்கள்.',
  '2. Membership and eligibility': '2. உறுப்பினர் நிலையும் தகுதியும்',
  'You must be at least 18 years old and live in India to become a member.':
    'உறுப்பினராக நீங்கள் குறைந்தது 18 வயதுடையவராகவும் இந்தியாவில் வசிப்பவராகவும் இருக்க வேண்டும்.',
  'Membership is by invitation. With a valid referral code from an existing member you get full access at once; without one your account goes on a reviewed waitlist and only an admin can grant full access.':
    'உறுப்பினர் நிலை அழைப்பின் பேரில் மட்டுமே. தற்போதைய உறுப்பினரின் செல்லுபடியான பரிந்துரைக் குறியீடு இருந்தால் உடனே முழு அணுகல் கிடைக்கும்; இல்லையென்றால் உங்கள் கணக்கு மறுபரிசீலனைக்கான காத்திருப்புப் பட்டியலுக்குச் செல்லும்; நிர்வாகி மட்டுமே முழு அணுகல் வழங்க முடியும்.',
  'One account per person. Your name, email, phone and district must be accurate and your email verified.':
    'ஒருவருக்கு ஒரு கணக்கு மட்டுமே. உங்கள் பெயர், மின்னஞ்சல், தொலைபேசி, மாவட்டம் சரியாக இருக்க வேண்டும்; மின்னஞ்சல் சரிபார்க்கப்பட்டிருக்க வேண்டும்.',
  'You are responsible for keeping your password secret and for everything done from your account.':
    'உங்கள் கடவுச்சொல்லை ரகசியமாக வைப்பதற்கும், உங்கள் கணக்கிலிருந்து செய்யப்படும் அனைத்துக்கும் நீங்களே பொறுப்பு.',
  '3. Wallet and Reward Cash': '3. வாலட்டும் வெகுமதிப் பணமும்',
  'You add money to your cash wallet through our payment partner. The Wallet page offers ₹50, ₹100 and ₹200 top-ups; these terms give ₹100, ₹200 and ₹500 as example amounts.':
    'எங்கள் கட்டணக் கூட்டாளர் மூலம் உங்கள் பண வாலட்டில் பணம் சேர்க்கிறீர்கள். வாலட் பக்கம் ₹50, ₹100, ₹200 நிரப்புதல்களை வழங்குகிறது; இந்த விதிமுறைகள் ₹100, ₹200, ₹500 ஆகியவற்றை எடுத்துக்காட்டுத் தொகைகளாகக் குறிப்பிடுகின்றன.',
  'Cash in the wallet pays entry fees for deal rooms and the price of deals you win.':
    'வாலட்டில் உள்ள பணம் டீல் அறைகளின் நுழைவுக் கட்டணங்களையும் நீங்கள் வெல்லும் டீல்களின் விலையையும் செலுத்துகிறது.',
  'Reward Cash is credited when you take part in a deal and don’t win. It can only be spent on shop products, cannot be withdrawn as cash, cannot be transferred and cannot be used to enter other deals.':
    'ஒரு டீலில் பங்கேற்று வெல்லாதபோது வெகுமதிப் பணம் வரவு வைக்கப்படும். அதைக் கடைப் பொருட்களுக்கு மட்டுமே செலவிடலாம்; பணமாக எடுக்கவோ, மாற்றவோ, மற்ற டீல்களில் நுழையப் பயன்படுத்தவோ முடியாது.',
  'Balances never go below zero. We may correct a balance that was credited by mistake.':
    'இருப்புகள் ஒருபோதும் பூஜ்ஜியத்துக்குக் கீழே போகாது. தவறாக வரவு வைக்கப்பட்ட இருப்பை நாங்கள் திருத்தலாம்.',
  '4. Deal rooms': '4. டீல் அறைகள்',
  'Pre-booking moves the entry fee from your cash wallet into the room’s escrow. A room starts at its scheduled time only if every seat is booked; otherwise it is cancelled and every fee is refunded to cash.':
    'முன்பதிவு செய்யும்போது நுழைவுக் கட்டணம் உங்கள் பண வாலட்டிலிருந்து அறையின் எஸ்க்ரோவுக்குச் செல்லும். எல்லா இருக்கைகளும் முன்பதிவு செய்யப்பட்டிருந்தால் மட்டுமே அறை திட்டமிட்ட நேரத்தில் தொடங்கும்; இல்லையென்றால் அது ரத்துசெய்யப்பட்டு ஒவ்வொரு கட்டணமும் பணமாகத் திருப்பித் தரப்படும்.',
  'Each deal raises the price by the room’s fixed increment, set by the server. Each member has at most 5 attempts per room and may not place two deals in a row. Every valid deal resets the round timer, and the last valid deal when the timer ends wins.':
    'ஒவ்வொரு டீலும் சர்வர் நிர்ணயிக்கும் அறையின் நிலையான உயர்வுத் தொகையால் விலையை உயர்த்தும். ஒவ்வொரு உறுப்பினருக்கும் ஒரு அறையில் அதிகபட்சம் 5 முயற்சிகள்; தொடர்ந்து இரண்டு டீல்கள் செய்ய முடியாது. ஒவ்வொரு செல்லுபடியான டீலும் சுற்று டைமரை மீண்டும் தொடங்கும்; டைமர் முடியும்போது கடைசி செல்லுபடியான டீல் வெல்லும்.',
  'The winner may buy the product at the final price within one hour of the deal ending, with ₹0 delivery. If the purchase is not completed in that hour, the right to buy lapses.':
    'டீல் முடிந்த ஒரு மணி நேரத்துக்குள் வெற்றியாளர் இறுதி விலையில் ₹0 டெலிவரியுடன் பொருளை வாங்கலாம். அந்த ஒரு மணி நேரத்தில் வாங்குதல் முடியாவிட்டால், வாங்கும் உரிமை காலாவதியாகும்.',
  'The result recorded by our server is final, except where we find an error or a breach of these terms.':
    'பிழையோ இந்த விதிமுறைகளின் மீறலோ கண்டறியப்பட்டால் தவிர, எங்கள் சர்வர் பதிவு செய்யும் முடிவே இறுதியானது.',
  '5. Fair play': '5. நியாயமான விளையாட்டு',
  'Deals are a contest of timing and judgement between members. You may not use more than one account, automated tools or scripts, or agree with other members to fix a result. We may void a result, suspend an account and return any affected fees if we find such conduct.':
    'டீல்கள் உறுப்பினர்களுக்கு இடையே நேரக் கணிப்பும் மதிநுட்பமும் கொண்ட போட்டி. ஒன்றுக்கு மேற்பட்ட கணக்குகள், தானியங்கிக் கருவிகள், ஸ்கிரிப்டுகள் ஆகியவற்றைப் பயன்படுத்தவோ, முடிவைத் தீர்மானிக்க மற்ற உறுப்பினர்களுடன் ஒப்பந்தம் செய்யவோ கூடாது. அத்தகைய நடத்தையைக் கண்டறிந்தால், முடிவை ரத்துசெய்து, கணக்கை இடைநிறுத்தி, பாதிக்கப்பட்ட கட்டணங்களைத் திருப்பித் தரலாம்.',
  '6. Shop orders': '6. கடை ஆர்டர்கள்',
  'Prices are in Indian rupees (₹) and include GST. Delivery charges, if any, are shown before you pay.':
    'விலைகள் இந்திய ரூபாயில் (₹), GST உட்பட. டெலிவரிக் கட்டணம் ஏதேனும் இருந்தால், பணம் செலுத்தும் முன் காட்டப்படும்.',
  'An order is confirmed when payment succeeds. If an item turns out to be unavailable we refund it in full.':
    'பணம் செலுத்துதல் வெற்றியடைந்ததும் ஆர்டர் உறுதிசெய்யப்படும். ஒரு பொருள் கிடைக்கவில்லை என்றால், அதன் முழுத் தொகையையும் திருப்பித் தருவோம்.',
  'Reward Cash can be applied item by item at checkout, up to each item’s reward points and your balance.':
    'செக்அவுட்டில் ஒவ்வொரு பொருளுக்கும் தனித்தனியாக, அந்தப் பொருளின் வெகுமதிப் புள்ளிகள் வரையிலும் உங்கள் இருப்பு வரையிலும் வெகுமதிப் பணத்தைப் பயன்படுத்தலாம்.',
  '7. Crackers': '7. பட்டாசுகள்',
  'Seasonal crackers are reserved online and delivered only in Thanjavur and Thiruvarur districts, with a minimum order of ₹2000. Please store and use them safely and as local rules allow.':
    'பருவகாலப் பட்டாசுகள் ஆன்லைனில் முன்பதிவு செய்யப்பட்டு, தஞ்சாவூர், திருவாரூர் மாவட்டங்களில் மட்டுமே டெலிவரி செய்யப்படும்; குறைந்தபட்ச ஆர்டர் ₹2000. அவற்றைப் பாதுகாப்பாகவும் உள்ளூர் விதிகள் அனுமதிக்கும்படியும் சேமித்துப் பயன்படுத்துங்கள்.',
  '8. Cancellations, refunds and delivery': '8. ரத்துசெய்தல், பணம் திருப்பித் தருதல், டெலிவரி',
  'See our <refund>Cancellation & Refund</refund> and <shipping>Shipping Policy</shipping> pages.':
    'எங்கள் <refund>ரத்துசெய்தல் & பணத்தைத் திருப்பித் தருதல்</refund>, <shipping>ஷிப்பிங் கொள்கை</shipping> பக்கங்களைப் பாருங்கள்.',
  '9. Liability': '9. பொறுப்பு',
  'We take care to keep the service running and accurate, but we do not promise it will be uninterrupted. Our liability for any claim is limited to the amount you paid for the room or order concerned. Nothing here limits your rights under the Consumer Protection Act, 2019.':
    'சேவையைத் தொடர்ந்து சரியாக இயங்க வைக்கக் கவனம் செலுத்துகிறோம், ஆனால் தடையின்றி இயங்கும் என்று உறுதியளிப்பதில்லை. எந்தக் கோரிக்கைக்கும் எங்கள் பொறுப்பு, சம்பந்தப்பட்ட அறை அல்லது ஆர்டருக்கு நீங்கள் செலுத்திய தொகைக்கு மட்டுமே. நுகர்வோர் பாதுகாப்புச் சட்டம், 2019-இன் கீழ் உங்கள் உரிமைகளை இங்கு எதுவும் கட்டுப்படுத்தாது.',
  '10. Changes and governing law': '10. மாற்றங்களும் ஆளுகைச் சட்டமும்',
  'We may update these terms; changes apply from the date shown above and never to rooms already booked. These terms are governed by the laws of India, and the courts at Thanjavur, Tamil Nadu have jurisdiction.':
    'இந்த விதிமுறைகளை நாங்கள் புதுப்பிக்கலாம்; மாற்றங்கள் மேலே காட்டப்பட்ட தேதியிலிருந்து பொருந்தும், ஏற்கெனவே முன்பதிவு செய்த அறைகளுக்கு ஒருபோதும் பொருந்தாது. இந்த விதிமுறைகள் இந்தியச் சட்டங்களுக்கு உட்பட்டவை; தமிழ்நாடு, தஞ்சாவூர் நீதிமன்றங்களுக்கே அதிகார வரம்பு உண்டு.',
  '11. Contact': '11. தொடர்புக்கு',
  'Questions about these terms: <mail>{email}</mail> or <phone>{phone}</phone>, {hours}.':
    'இந்த விதிமுறைகள் பற்றிய கேள்விகளுக்கு: <mail>{email}</mail> அல்லது <phone>{phone}</phone>, {hours}.',

  // Newsletter confirm and unsubscribe pages (links from the mails)
  'Confirm your subscription': 'உங்கள் சந்தாவை உறுதிசெய்யுங்கள்',
  Unsubscribe: 'சந்தாவிலிருந்து விலகு',
  'Confirming your subscription…': 'உங்கள் சந்தாவை உறுதிசெய்கிறது…',
  'Unsubscribing you…': 'சந்தாவிலிருந்து உங்களை நீக்குகிறது…',
  'This link is incomplete. Please open the whole link from the mail.':
    'இந்த இணைப்பு முழுமையாக இல்லை. மின்னஞ்சலில் உள்ள முழு இணைப்பையும் திறங்கள்.',
  'We could not reach the server. Please reload this page to try again.':
    'சர்வரை அணுக முடியவில்லை. மீண்டும் முயற்சிக்க இந்தப் பக்கத்தை மீண்டும் ஏற்றுங்கள்.',
  'You are subscribed to the Vetri Deals newsletter. Thank you!': 'வெற்றி டீல்ஸ் செய்தி மடலுக்குச் சந்தா சேர்ந்துவிட்டீர்கள். நன்றி!',
  'You are unsubscribed. You will get no more newsletters from us.':
    'சந்தாவிலிருந்து விலகிவிட்டீர்கள். இனி எங்களிடமிருந்து செய்தி மடல்கள் வராது.',
  'Back to the home page': 'முகப்புப் பக்கத்துக்குத் திரும்பு',
};
