/** Tamil for the shell area: English text (as written in `t('…')`) → Tamil. */
export const shell: Record<string, string> = {
  // Header: top bar, main menu (lib/site.ts), phone menu, account buttons and balances
  'Invite-only deals for members across Tamil Nadu': 'தமிழ்நாடு முழுவதும் உள்ள உறுப்பினர்களுக்கு அழைப்பின் பேரில் மட்டும் டீல்கள்',
  '{name} home': '{name} முகப்பு',
  Main: 'முதன்மை',
  Mobile: 'மொபைல்',
  'Close menu': 'மெனுவை மூடு',
  'Open menu': 'மெனுவைத் திற',
  Home: 'முகப்பு',
  Deals: 'டீல்கள்',
  Shop: 'கடை',
  Crackers: 'பட்டாசுகள்',
  'Deal Rules': 'டீல் விதிமுறைகள்',
  'Checking your session': 'உங்கள் உள்நுழைவைச் சரிபார்க்கிறது',
  'Checking your session…': 'உங்கள் உள்நுழைவைச் சரிபார்க்கிறது…',
  Login: 'உள்நுழை',
  Register: 'பதிவு செய்',
  Blog: 'வலைப்பதிவு',
  Checkout: 'செக்அவுட்',
  'My Account': 'என் கணக்கு',
  'Wallet balance': 'வாலட் இருப்பு',
  'Wallet {amount}': 'வாலட் {amount}',
  'Reward cash': 'வெகுமதிப் பணம்',
  'Reward {amount}': 'வெகுமதி {amount}',

  // Account menu (avatar)
  Account: 'கணக்கு',
  'Account menu for <who>{name}</who>': '<who>{name}</who> கணக்கு மெனு',
  Admin: 'நிர்வாகி',
  Auditor: 'தணிக்கையாளர்',
  Member: 'உறுப்பினர்',
  Waitlisted: 'காத்திருப்புப் பட்டியலில்',
  'View Profile': 'சுயவிவரத்தைப் பார்',
  'Admin dashboard': 'நிர்வாகப் பலகை',
  Logout: 'வெளியேறு',

  // Notification bell
  Notifications: 'அறிவிப்புகள்',
  'Notifications, {n} unread': 'அறிவிப்புகள், படிக்காதவை {n}',
  'Mark all as read': 'அனைத்தையும் படித்ததாகக் குறி',
  'Could not load your notifications.': 'உங்கள் அறிவிப்புகளை ஏற்ற முடியவில்லை.',
  'No notifications yet. Rooms you book, deals and orders will show here.':
    'இன்னும் அறிவிப்புகள் இல்லை. நீங்கள் முன்பதிவு செய்யும் அறைகள், டீல்கள், ஆர்டர்கள் இங்கே தெரியும்.',
  'Unread:': 'படிக்காதது:',

  // Footer
  'Invite-only deal rooms and a members’ shop for Tamil Nadu. Products at up to 60% off retail — and if you don’t win, your entry fee comes back as Reward Cash for the shop.':
    'தமிழ்நாட்டுக்கான அழைப்பு மட்டும் உள்ள டீல் அறைகளும் உறுப்பினர்களுக்கான கடையும். சில்லறை விலையிலிருந்து 60% வரை தள்ளுபடியில் பொருட்கள் — நீங்கள் வெல்லாவிட்டால், உங்கள் நுழைவுக் கட்டணம் கடையில் செலவிட வெகுமதிப் பணமாகத் திரும்பி வரும்.',
  Company: 'நிறுவனம்',
  'About Us': 'எங்களைப் பற்றி',
  'Contact Us': 'எங்களைத் தொடர்புகொள்ள',
  Policies: 'கொள்கைகள்',
  'Privacy Policy': 'தனியுரிமைக் கொள்கை',
  'Terms & Conditions': 'விதிமுறைகள் & நிபந்தனைகள்',
  'Cancellation & Refund': 'ரத்துசெய்தல் & பணத்தைத் திருப்பித் தருதல்',
  'Shipping Policy': 'ஷிப்பிங் கொள்கை',
  Contact: 'தொடர்புக்கு',
  'Monday to Saturday 10:00 AM to 6:00 PM IST': 'திங்கள் முதல் சனி வரை, காலை 10:00 முதல் மாலை 6:00 வரை (IST)',
  Newsletter: 'செய்தி மடல்',
  'New deal rooms, shop drops and festival offers, once a week. We mail you a link to confirm first.':
    'புதிய டீல் அறைகள், கடையின் புதிய வரவுகள், பண்டிகைச் சலுகைகள் — வாரம் ஒருமுறை. முதலில் உறுதிசெய்ய ஒரு இணைப்பை மின்னஞ்சலில் அனுப்புவோம்.',
  'Email address': 'மின்னஞ்சல் முகவரி',
  'Enter your email address first.': 'முதலில் உங்கள் மின்னஞ்சல் முகவரியை உள்ளிடுங்கள்.',
  'We could not reach the server. Please try again.': 'சர்வரை அணுக முடியவில்லை. மீண்டும் முயற்சிக்கவும்.',
  'Sending…': 'அனுப்புகிறது…',
  Subscribe: 'சந்தா சேர்',
  'Check your inbox: we sent you a link to confirm your subscription.':
    'உங்கள் இன்பாக்ஸைப் பாருங்கள்: சந்தாவை உறுதிசெய்ய ஒரு இணைப்பை அனுப்பியுள்ளோம்.',
  'Vetri Deals runs skill-based, pay-to-bid deal rooms for invited members aged 18 and above in India. Members who do not win get their entry fee back as Reward Cash, usable only in our shop; a room that does not fill is cancelled and every fee is refunded to the wallet. All prices are in Indian rupees (₹) and include GST.':
    'வெற்றி டீல்ஸ், இந்தியாவில் 18 வயதும் அதற்கு மேற்பட்டவர்களுமான அழைக்கப்பட்ட உறுப்பினர்களுக்குத் திறமை அடிப்படையிலான, கட்டணம் செலுத்தி டீல் செய்யும் அறைகளை நடத்துகிறது. வெல்லாத உறுப்பினர்களுக்கு நுழைவுக் கட்டணம் வெகுமதிப் பணமாகத் திரும்பக் கிடைக்கும்; அதை எங்கள் கடையில் மட்டுமே பயன்படுத்தலாம். நிரம்பாத அறை ரத்துசெய்யப்பட்டு, ஒவ்வொரு கட்டணமும் வாலட்டுக்குத் திருப்பித் தரப்படும். எல்லா விலைகளும் இந்திய ரூபாயில் (₹), GST உட்பட.',
  '© {year} Vetri Deals. All rights reserved.': '© {year} வெற்றி டீல்ஸ். அனைத்து உரிமைகளும் பாதுகாக்கப்பட்டவை.',

  // Layout, loading, not found, offline screen, install prompt
  'Vetri Deals — invite-only deals and shop': 'வெற்றி டீல்ஸ் — அழைப்பு மட்டும் டீல்களும் கடையும்',
  'Skip to content': 'உள்ளடக்கத்துக்குச் செல்',
  'Loading…': 'ஏற்றுகிறது…',
  'Try again': 'மீண்டும் முயற்சிக்கவும்',
  'Page not found': 'பக்கம் கிடைக்கவில்லை',
  'We couldn’t find <path>{pathname}</path>. It may have moved, or the link may be mistyped.':
    '<path>{pathname}</path> என்ற பக்கம் கிடைக்கவில்லை. அது இடம் மாறியிருக்கலாம், அல்லது இணைப்பு தவறாகத் தட்டச்சு செய்யப்பட்டிருக்கலாம்.',
  'Go to home': 'முகப்புக்குச் செல்',
  'Contact support': 'உதவிக் குழுவைத் தொடர்புகொள்ளுங்கள்',
  'This screen could not be loaded': 'இந்தத் திரையை ஏற்ற முடியவில்லை',
  'You are offline': 'நீங்கள் ஆஃப்லைனில் உள்ளீர்கள்',
  'Bidding, your wallet and payments come back when you are online.':
    'மீண்டும் இணைந்ததும் டீல் செய்தல், உங்கள் வாலட், பணம் செலுத்துதல் ஆகியவை கிடைக்கும்.',
  'Vetri Deals could not be reached, and this screen is not saved on this phone yet. Check your mobile data or Wi-Fi and try again.':
    'வெற்றி டீல்ஸை அணுக முடியவில்லை, இந்தத் திரை இன்னும் இந்த ஃபோனில் சேமிக்கப்படவில்லை. உங்கள் மொபைல் டேட்டா அல்லது வைஃபையைச் சரிபார்த்து மீண்டும் முயற்சிக்கவும்.',
  'Offline, the app still opens and pages you already viewed may show. Bidding, your wallet and payments need a connection: balances are never shown from a saved copy.':
    'ஆஃப்லைனிலும் ஆப் திறக்கும், ஏற்கெனவே பார்த்த பக்கங்கள் தெரியலாம். டீல் செய்ய, வாலட், பணம் செலுத்துதல் ஆகியவற்றுக்கு இணைப்பு தேவை: இருப்புத் தொகைகள் சேமித்த நகலிலிருந்து ஒருபோதும் காட்டப்படாது.',
  'Vetri Deals on your home screen': 'உங்கள் முகப்புத் திரையில் வெற்றி டீல்ஸ்',
  'Opens like an app, even offline.': 'ஆஃப்லைனிலும் ஒரு ஆப் போலத் திறக்கும்.',
  'Install Vetri Deals': 'வெற்றி டீல்ஸை நிறுவு',
  'Dismiss: do not suggest installing again': 'மூடு: நிறுவச் சொல்லி மீண்டும் பரிந்துரைக்க வேண்டாம்',
  'Coming soon': 'விரைவில் வருகிறது',
  Room: 'அறை',
  Code: 'குறியீடு',
  'Back to home': 'முகப்புக்குத் திரும்பு',
  'Read the Deal Rules': 'டீல் விதிமுறைகளைப் படியுங்கள்',

  // Log fork warning
  'Warning: deal records were changed after they were published': 'எச்சரிக்கை: டீல் பதிவுகள் வெளியிடப்பட்ட பிறகு மாற்றப்பட்டுள்ளன',
  'This browser kept a signed record of every deal and payment. What the server shows now does not contain that record, so history that was already published has been changed.':
    'இந்த உலாவி ஒவ்வொரு டீல் மற்றும் பணம் செலுத்துதலின் கையொப்பமிட்ட பதிவை வைத்திருந்தது. சர்வர் இப்போது காட்டுவதில் அந்தப் பதிவு இல்லை; எனவே ஏற்கெனவே வெளியிடப்பட்ட வரலாறு மாற்றப்பட்டுள்ளது.',
  'Do not bid or pay until this is explained. Download the evidence and send it to <mail>{email}</mail> or to any auditor.':
    'இதற்கு விளக்கம் கிடைக்கும் வரை டீல் செய்யவோ பணம் செலுத்தவோ வேண்டாம். சான்றைப் பதிவிறக்கி <mail>{email}</mail> முகவரிக்கோ எந்தத் தணிக்கையாளருக்கோ அனுப்புங்கள்.',
  'Download evidence': 'சான்றைப் பதிவிறக்கு',

  // Waitlist notice
  'You’re on the waitlist': 'நீங்கள் காத்திருப்புப் பட்டியலில் உள்ளீர்கள்',
  'You can’t {action} yet.': 'நீங்கள் இன்னும் {action} முடியாது.',
  'pre-book deals': 'டீல்களை முன்பதிவு செய்ய',
  'place deals': 'டீல் செய்ய',
  'Until an admin grants you full access you can browse and shop, but you cannot pre-book, bid or join a league team.':
    'நிர்வாகி உங்களுக்கு முழு அணுகல் வழங்கும் வரை நீங்கள் பார்வையிடலாம், பொருட்கள் வாங்கலாம்; ஆனால் முன்பதிவு செய்யவோ, டீல் செய்யவோ, லீக் அணியில் சேரவோ முடியாது.',
  'Got a referral code from a member? <support>Contact support</support> and we’ll review your account.':
    'ஒரு உறுப்பினரிடமிருந்து பரிந்துரைக் குறியீடு கிடைத்ததா? <support>உதவிக் குழுவைத் தொடர்புகொள்ளுங்கள்</support>, உங்கள் கணக்கை மறுபரிசீலனை செய்வோம்.',

  // Kit of controls (ui/kit.tsx)
  Dismiss: 'மூடு',
  Close: 'மூடு',
  Done: 'முடிந்தது',

  // Live auction cues (lib/liveCues.ts, components/LiveCues.tsx)
  'Sound & vibration: on': 'ஒலி & அதிர்வு: இயக்கத்தில்',
  'Sound & vibration: off': 'ஒலி & அதிர்வு: நிறுத்தத்தில்',
  'You won, at {amount}.': 'நீங்கள் {amount}க்கு வென்றீர்கள்.',
  'Ended. {name} won at {amount}.': 'முடிந்தது. {name} {amount}க்கு வென்றார்.',
  'Ended.': 'முடிந்தது.',
  'Your deal leads at {amount}.': 'உங்கள் டீல் {amount}இல் முன்னிலையில் உள்ளது.',
  'New deal: {amount} by {name}.': 'புதிய டீல்: {name}, {amount}.',
  'another member': 'மற்றொரு உறுப்பினர்',
  '{n} seconds left.': 'இன்னும் {n} வினாடிகள்.',

  // Home (members at /): hero slides, banner, how it works, features
  Highlights: 'சிறப்பம்சங்கள்',
  '{n} of {total}': '{total}இல் {n}',
  'Choose slide': 'ஸ்லைடைத் தேர்ந்தெடு',
  'Show slide {n}: {title}': 'ஸ்லைடு {n}-ஐக் காட்டு: {title}',
  'Pay-to-bid deal rooms': 'கட்டணம் செலுத்தி டீல் செய்யும் அறைகள்',
  'Win products at up to 60% off retail': 'சில்லறை விலையிலிருந்து 60% வரை தள்ளுபடியில் பொருட்களை வெல்லுங்கள்',
  'Book a seat in a deal room, place your deals when it goes live, and the last valid deal before the timer runs out takes the product home.':
    'ஒரு டீல் அறையில் இருக்கையை முன்பதிவு செய்யுங்கள், அறை நேரலைக்கு வந்ததும் டீல் செய்யுங்கள்; டைமர் முடிவதற்கு முன் செய்யப்பட்ட கடைசி செல்லுபடியான டீல் பொருளை வெல்லும்.',
  'See upcoming deals': 'வரவிருக்கும் டீல்களைப் பாருங்கள்',
  'How deals work': 'டீல்கள் எப்படி நடக்கின்றன',
  'Nobody leaves empty-handed': 'யாரும் வெறுங்கையோடு திரும்புவதில்லை',
  'Didn’t win? Your fee becomes Reward Cash': 'வெல்லவில்லையா? உங்கள் கட்டணம் வெகுமதிப் பணமாகிறது',
  'Every member who doesn’t win a deal gets the entry fee back as Reward Cash, ready to spend on anything in the Vetri Deals shop.':
    'டீலை வெல்லாத ஒவ்வொரு உறுப்பினருக்கும் நுழைவுக் கட்டணம் வெகுமதிப் பணமாகத் திரும்பக் கிடைக்கும்; வெற்றி டீல்ஸ் கடையில் எதையும் வாங்க அதைச் செலவிடலாம்.',
  'Visit the shop': 'கடைக்குச் செல்லுங்கள்',
  'Wallets explained': 'வாலட்கள் — விளக்கம்',
  'Festival season': 'பண்டிகைக் காலம்',
  'Reserve this season’s crackers early': 'இந்தப் பருவத்தின் பட்டாசுகளை முன்கூட்டியே முன்பதிவு செய்யுங்கள்',
  'Sparklers, flower pots and family boxes for Thanjavur and Thiruvarur — reserve online, check your order with your referral code.':
    'தஞ்சாவூர், திருவாரூருக்கு மத்தாப்பு, பூச்சட்டி, குடும்பப் பெட்டிகள் — ஆன்லைனில் முன்பதிவு செய்யுங்கள், உங்கள் பரிந்துரைக் குறியீட்டைக் கொண்டு ஆர்டரைச் சரிபாருங்கள்.',
  'Browse crackers': 'பட்டாசுகளைப் பாருங்கள்',
  'Delivery dates': 'டெலிவரி தேதிகள்',
  'Vetri Deals — pay-to-bid deals and a members’ shop': 'வெற்றி டீல்ஸ் — கட்டணம் செலுத்தி டீல்களும் உறுப்பினர் கடையும்',
  'Invite-only': 'அழைப்பு மட்டும்',
  'Got a referral code? You’re in.': 'பரிந்துரைக் குறியீடு இருக்கிறதா? நீங்கள் உள்ளே வரலாம்.',
  'Vetri Deals is open to invited members. Register with a member’s referral code for instant access to deal rooms and the shop — or join the reviewed waitlist and we’ll let you in.':
    'வெற்றி டீல்ஸ் அழைக்கப்பட்ட உறுப்பினர்களுக்கு மட்டும். டீல் அறைகளையும் கடையையும் உடனே அணுக ஒரு உறுப்பினரின் பரிந்துரைக் குறியீட்டுடன் பதிவு செய்யுங்கள் — அல்லது மறுபரிசீலனைக்கான காத்திருப்புப் பட்டியலில் சேருங்கள், நாங்கள் உங்களை அனுமதிப்போம்.',
  'Register now': 'இப்போதே பதிவு செய்யுங்கள்',
  'About Vetri Deals': 'வெற்றி டீல்ஸ் பற்றி',
  'How It Works': 'இது எப்படி வேலை செய்கிறது',
  'Three simple steps': 'மூன்று எளிய படிகள்',
  'Select a product': 'ஒரு பொருளைத் தேர்ந்தெடுங்கள்',
  'Browse the deal rooms and pick the product you want. Each room shows its entry fee, seats, price range and start time.':
    'டீல் அறைகளைப் பார்த்து நீங்கள் விரும்பும் பொருளைத் தேர்ந்தெடுங்கள். ஒவ்வொரு அறையும் அதன் நுழைவுக் கட்டணம், இருக்கைகள், விலை வரம்பு, தொடங்கும் நேரம் ஆகியவற்றைக் காட்டும்.',
  'Add to wallet': 'வாலட்டில் சேருங்கள்',
  'Top up your wallet with ₹50, ₹100 or ₹200 at a time and pre-book your seat. The entry fee is held safely until the room starts.':
    'ஒவ்வொரு முறையும் ₹50, ₹100 அல்லது ₹200 என வாலட்டை நிரப்பி உங்கள் இருக்கையை முன்பதிவு செய்யுங்கள். அறை தொடங்கும் வரை நுழைவுக் கட்டணம் பாதுகாப்பாக வைக்கப்படும்.',
  'Shop or win': 'வாங்குங்கள் அல்லது வெல்லுங்கள்',
  'Win the deal and buy the product at your final price with ₹0 delivery. Don’t win? Your fee comes back as Reward Cash for the shop.':
    'டீலை வென்று, உங்கள் இறுதி விலையில் ₹0 டெலிவரியுடன் பொருளை வாங்குங்கள். வெல்லவில்லையா? உங்கள் கட்டணம் கடைக்கான வெகுமதிப் பணமாகத் திரும்பி வரும்.',
  'Why Vetri Deals': 'ஏன் வெற்றி டீல்ஸ்',
  'Affordable prices': 'மலிவான விலைகள்',
  'Up to 60% off retail in deal rooms, fair market prices in the shop.':
    'டீல் அறைகளில் சில்லறை விலையிலிருந்து 60% வரை தள்ளுபடி, கடையில் நியாயமான சந்தை விலைகள்.',
  'Quality assured': 'தரம் உறுதி',
  'Genuine, sealed products from verified suppliers, with invoice and warranty.':
    'சரிபார்க்கப்பட்ட விநியோகஸ்தர்களிடமிருந்து விலைப்பட்டியல், உத்தரவாதத்துடன் அசல், சீல் செய்யப்பட்ட பொருட்கள்.',
  'Fast delivery': 'விரைவான டெலிவரி',
  'Shop orders ship in 2 to 4 business days; won deals ship with ₹0 delivery.':
    'கடை ஆர்டர்கள் 2 முதல் 4 வேலை நாட்களில் அனுப்பப்படும்; வென்ற டீல்களுக்கு டெலிவரிக் கட்டணம் ₹0.',
  'Friendly support': 'அன்பான உதவி',
  'Real people on phone and email, Monday to Saturday 10:00 AM to 6:00 PM IST.':
    'தொலைபேசியிலும் மின்னஞ்சலிலும் உண்மையான மனிதர்கள், திங்கள் முதல் சனி வரை காலை 10:00 முதல் மாலை 6:00 வரை (IST).',

  // Blog (the screens' words; posts are shown as their authors wrote them)
  'Vetri Deals Blog': 'வெற்றி டீல்ஸ் வலைப்பதிவு',
  'Buying guides and deal tips from our team, for members across Tamil Nadu.':
    'தமிழ்நாடு முழுவதும் உள்ள உறுப்பினர்களுக்கு, எங்கள் குழுவின் வாங்கும் வழிகாட்டிகளும் டீல் குறிப்புகளும்.',
  'Loading posts…': 'பதிவுகளை ஏற்றுகிறது…',
  'No posts on this page': 'இந்தப் பக்கத்தில் பதிவுகள் இல்லை',
  'No posts yet': 'இன்னும் பதிவுகள் இல்லை',
  'Back to the newest posts': 'புதிய பதிவுகளுக்குத் திரும்பு',
  'Buying guides and deal tips will appear here soon.': 'வாங்கும் வழிகாட்டிகளும் டீல் குறிப்புகளும் விரைவில் இங்கே வரும்.',
  'Read the post →': 'பதிவைப் படியுங்கள் →',
  'Blog pages': 'வலைப்பதிவுப் பக்கங்கள்',
  '← Newer posts': '← புதிய பதிவுகள்',
  'Page {page} of {pages}': 'பக்கம் {page} / {pages}',
  'Older posts →': 'பழைய பதிவுகள் →',
  'Loading post…': 'பதிவை ஏற்றுகிறது…',
  'Post not found': 'பதிவு கிடைக்கவில்லை',
  'It may have been taken down, or the link is mistyped.':
    'அது நீக்கப்பட்டிருக்கலாம், அல்லது இணைப்பு தவறாகத் தட்டச்சு செய்யப்பட்டிருக்கலாம்.',
  'See all posts': 'எல்லாப் பதிவுகளையும் பாருங்கள்',
  'By <who>{name}</who>': 'எழுதியவர்: <who>{name}</who>',
  'Updated {when}': '{when} அன்று புதுப்பிக்கப்பட்டது',
  '← All posts': '← எல்லாப் பதிவுகளும்',
  'Failed to load the blog.': 'வலைப்பதிவை ஏற்ற முடியவில்லை.',
  'Failed to load this post.': 'இந்தப் பதிவை ஏற்ற முடியவில்லை.',
  '{fallback} Please check your connection and try again.': '{fallback} உங்கள் இணைய இணைப்பைச் சரிபார்த்து மீண்டும் முயற்சிக்கவும்.',
};
