/**
 * Tamil for the server area: English text (as written in `t('…')`) → Tamil. These are the server's
 * fixed success answers (`{ message }` of a route) that screens show as `t(answer.message)`;
 * errors are translated by code in `errors.ts`, mails and notifications on the server
 * (`api/i18n/messages.ts`).
 */
export const server: Record<string, string> = {
  // Sign-up and login (api/auth/routes.ts)
  'OTP sent to your email.': 'OTP உங்கள் மின்னஞ்சலுக்கு அனுப்பப்பட்டது.',
  'Email verified.': 'மின்னஞ்சல் சரிபார்க்கப்பட்டது.',
  'Login successful': 'உள்நுழைவு வெற்றி',
  'Registration successful! Taking you to the deals…': 'பதிவு வெற்றி! உங்களை டீல்களுக்கு அழைத்துச் செல்கிறோம்…',
  'Registration successful! Your account is on the waitlist until an admin grants full access. Taking you to your account…':
    'பதிவு வெற்றி! நிர்வாகி முழு அணுகல் வழங்கும் வரை உங்கள் கணக்கு காத்திருப்புப் பட்டியலில் இருக்கும். உங்களை உங்கள் கணக்குக்கு அழைத்துச் செல்கிறோம்…',
  'Referral code accepted.': 'பரிந்துரைக் குறியீடு ஏற்கப்பட்டது.',

  // Passwords (api/auth/passwordRoutes.ts)
  'If an account exists for this email, we have sent it a link to reset the password.':
    'இந்த மின்னஞ்சலுக்கு ஒரு கணக்கு இருந்தால், கடவுச்சொல்லை மீட்டமைக்கும் இணைப்பை அதற்கு அனுப்பியுள்ளோம்.',
  'Your password has been changed. Log in with your new password.':
    'உங்கள் கடவுச்சொல் மாற்றப்பட்டது. புதிய கடவுச்சொல்லுடன் உள்நுழையுங்கள்.',
  'Your password has been changed. Other devices have been logged out.':
    'உங்கள் கடவுச்சொல் மாற்றப்பட்டது. மற்ற சாதனங்களிலிருந்து வெளியேற்றப்பட்டது.',

  // Profile (api/auth/profileRoutes.ts)
  'Profile saved successfully!': 'சுயவிவரம் வெற்றிகரமாகச் சேமிக்கப்பட்டது!',
  'Avatar updated.': 'சுயவிவரப் படம் புதுப்பிக்கப்பட்டது.',

  // Rooms, payments and the crackers order
  'Pre-booked successfully': 'முன்பதிவு வெற்றிகரமாக முடிந்தது',
  'Payment Successful!': 'பணம் செலுத்துதல் வெற்றி!',
  'Order Placed Successfully': 'ஆர்டர் வெற்றிகரமாகச் செய்யப்பட்டது',

  // Newsletter (api/newsletter/routes.ts)
  'Check your inbox: we sent you a link to confirm your subscription.':
    'உங்கள் இன்பாக்ஸைப் பாருங்கள்: உங்கள் சந்தாவை உறுதிசெய்ய ஒரு இணைப்பை அனுப்பியுள்ளோம்.',
  'You are subscribed to the Vetri Deals newsletter. Thank you!':
    'நீங்கள் Vetri Deals செய்திமடலுக்குச் சந்தா செய்துள்ளீர்கள். நன்றி!',
  'You are unsubscribed. You will get no more newsletters from us.':
    'சந்தா நிறுத்தப்பட்டது. இனி எங்களிடமிருந்து செய்திமடல்கள் வராது.',
};
