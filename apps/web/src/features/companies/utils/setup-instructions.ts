import type { NetworkId } from '@cadence/shared';

export interface SetupInstructions {
  title: string;
  steps: readonly string[];
  /** Where the credentials are made; opens in a new tab. */
  portal: { label: string; url: string };
}

/** How to get each network's credentials; the steps name the form's fields by their labels. */
export const SETUP_INSTRUCTIONS: Record<NetworkId, SetupInstructions> = {
  twitter: {
    title: 'Create an X developer app',
    steps: [
      'Sign in at developer.x.com with the X account you want to post from and open the Developer Portal (sign up for the Free tier if asked).',
      'Create a Project and an App inside it, or open the app the portal created for you.',
      "In the app's 'User authentication settings', choose Set up and set App permissions to 'Read and write' (type of app: Web App, Automated App or Bot). Fill in the required Callback URI and Website URL, then save.",
      "Open the 'Keys and tokens' tab and, under Consumer Keys, regenerate the API Key and Secret. Copy both into API Key and API Secret.",
      "Only after setting the permissions, generate the Access Token and Secret under Authentication Tokens. They must say 'Read and Write'; tokens made earlier stay read-only, so regenerate them.",
      'Paste them into Access Token and Access Token Secret, test the connection, then press Connect.',
    ],
    portal: {
      label: 'Open the X Developer Portal',
      url: 'https://developer.x.com/en/portal/dashboard',
    },
  },
  facebook: {
    title: 'Create a Meta app for your Facebook Page',
    steps: [
      "Go to developers.facebook.com, open My Apps and create an app of type Business (in the newer flow, pick the use case 'Manage everything on your Page').",
      'Add the Facebook Login for Business and Pages products (the use case adds the Pages API for you).',
      "Open App settings → Basic and copy the App ID and App Secret (press 'Show' next to the secret).",
      "Open Tools → Graph API Explorer, select your app, choose 'Get User Access Token' and add the permissions pages_show_list, pages_read_engagement and pages_manage_posts. Generate the token and allow access to your Page.",
      'That token expires within hours: in the Access Token Debugger, choose "Extend Access Token" for a 60-day token.',
      "Paste the App ID, App Secret and the token into User Access Token, press 'Get Page List' and choose the Page to post to. You must manage that Page.",
    ],
    portal: { label: 'Open Meta for Developers', url: 'https://developers.facebook.com/apps/' },
  },
  linkedIn: {
    title: 'Create a LinkedIn developer app',
    steps: [
      'Go to linkedin.com/developers and choose Create app. Give it a name, link it to your LinkedIn Company Page, upload a logo and accept the terms.',
      "On the Products tab, request 'Share on LinkedIn' and 'Sign In with LinkedIn using OpenID Connect'. Both are granted at once.",
      'On the Auth tab, copy the Client ID and the Primary Client Secret.',
      'Open the OAuth 2.0 token generator (Docs and tools → OAuth Token Tools), pick your app, tick the scopes openid, profile and w_member_social, and request the token. Sign in and allow access.',
      'Copy the access token (it lasts 60 days) and paste the three values here.',
    ],
    portal: { label: 'Open LinkedIn Developers', url: 'https://www.linkedin.com/developers/apps' },
  },
  instagram: {
    title: 'Get an Instagram publishing token',
    steps: [
      "Make your Instagram account a professional account (Settings → Account type and tools → Switch to professional account) if it isn't one already.",
      'Link it to a Facebook Page you manage (in Meta Accounts Center, or the Page settings → Linked accounts).',
      'At developers.facebook.com, create a Business app and add the Instagram product (Instagram API with Facebook Login).',
      "In Tools → Graph API Explorer, select your app, choose 'Get User Access Token' and add instagram_basic, instagram_content_publish and pages_show_list. Generate it and allow access to the Page and its Instagram account.",
      'Extend it to a 60-day token in the Access Token Debugger, then paste it into Access Token.',
      'Instagram only publishes posts with an image: text-only posts cannot be sent to it.',
    ],
    portal: { label: 'Open Meta for Developers', url: 'https://developers.facebook.com/apps/' },
  },
  bluesky: {
    title: 'Create a Bluesky app password',
    steps: [
      'Sign in at bsky.app with the account you want to post from.',
      'Open Settings → Privacy and security → App passwords.',
      "Choose 'Add App Password', name it (for example Cadence) and create it. Leave direct message access off.",
      'Copy the password (it looks like xxxx-xxxx-xxxx-xxxx); Bluesky shows it only once.',
      'Enter your handle, like name.bsky.social (or your own domain), and paste the app password. Never use your account password here.',
    ],
    portal: {
      label: 'Open Bluesky app passwords',
      url: 'https://bsky.app/settings/app-passwords',
    },
  },
  threads: {
    title: 'Create a Meta app with the Threads API',
    steps: [
      "At developers.facebook.com, create an app and pick the use case 'Access the Threads API'.",
      'In the use case, add the permissions threads_basic and threads_content_publish.',
      'Under App roles → Roles, add your Threads account as a Threads Tester, then accept the invite in Threads (Settings → Account → Website permissions → Invites).',
      'In the use case settings, use the User Token Generator to generate an access token for that account and copy it into Access Token.',
      'Open App settings → Basic, show the Threads app secret and copy it into App Secret.',
    ],
    portal: { label: 'Open Meta for Developers', url: 'https://developers.facebook.com/apps/' },
  },
};

/** Example values shown in empty inputs where the expected shape is not obvious. */
export const CREDENTIAL_PLACEHOLDERS: Partial<Record<NetworkId, Readonly<Record<string, string>>>> =
  {
    bluesky: { username: 'name.bsky.social', client_secret: 'xxxx-xxxx-xxxx-xxxx' },
  };
