//! Every settings section of API catalogue §3.11, with plausible secrets.

use std::collections::BTreeMap;

use serde_json::{Value, json};

use crate::rng::Rng;

fn template(agent: i64) -> Value {
    json!([
        {"id": agent * 100 + 1, "notificationType": 0, "agent": agent, "subject": "New request", "message": "{UserName} requested {Title}", "enabled": true},
        {"id": agent * 100 + 2, "notificationType": 2, "agent": agent, "subject": "Available", "message": "{Title} is now available", "enabled": true}
    ])
}

pub(super) fn settings(rng: &mut Rng) -> BTreeMap<String, Value> {
    let mut s = BTreeMap::new();
    let mut put = |name: &str, v: Value| {
        s.insert(name.to_ascii_lowercase(), v);
    };
    put(
        "ombi",
        json!({"id": 1, "baseUrl": "", "collectAnalyticData": false, "wizard": true, "apiKey": "(replaced at start)", "doNotSendNotificationsForAutoApprove": false, "hideRequestsUsers": false, "disableHealthChecks": false, "defaultLanguageCode": "en", "autoDeleteAvailableRequests": false, "autoDeleteAfterDays": 0, "branch": 1, "hasMigratedOldTvDbData": true, "set": true}),
    );
    put(
        "plex",
        json!({"id": 2, "enable": true, "enableWatchlistImport": false, "monitorAll": false, "installId": rng.guid(), "servers": [{"id": 1, "name": "Living Room Plex", "plexAuthToken": format!("plx-{}", rng.hex(20)), "machineIdentifier": rng.hex(40), "episodeBatchSize": 150, "serverHostname": "plex.household.example", "plexSelectedLibraries": [{"key": "1", "title": "Movies", "enabled": true}, {"key": "2", "title": "TV Shows", "enabled": true}], "ssl": false, "subDir": "", "ip": "192.168.1.20", "port": 32400}]}),
    );
    put("emby", json!({"id": 3, "enable": false, "servers": []}));
    put(
        "jellyfin",
        json!({"id": 4, "enable": false, "servers": [{"id": 1, "serverId": rng.hex(32), "name": "Jellyfin", "apiKey": rng.hex(32), "administratorId": rng.hex(32), "serverHostname": "", "enableEpisodeSearching": false, "jellyfinSelectedLibraries": [], "ssl": false, "subDir": "", "ip": "192.168.1.21", "port": 8096}]}),
    );
    put(
        "sonarr",
        json!({"id": 5, "enabled": true, "apiKey": rng.hex(32), "qualityProfile": "4", "seasonFolders": true, "rootPath": "2", "qualityProfileAnime": "4", "rootPathAnime": "3", "animeTag": null, "tag": null, "sendUserTags": false, "addOnly": false, "languageProfile": 1, "languageProfileAnime": 1, "scanForAvailability": true, "prioritizeArrAvailability": false, "ssl": false, "subDir": "", "ip": "192.168.1.30", "port": 8989}),
    );
    put(
        "radarr",
        json!({"radarr": {"id": 6, "enabled": true, "apiKey": rng.hex(32), "defaultQualityProfile": "6", "defaultRootPath": "/movies", "addOnly": false, "minimumAvailability": "announced", "scanForAvailability": true, "prioritizeArrAvailability": false, "tag": null, "sendUserTags": false, "ssl": false, "subDir": "", "ip": "192.168.1.31", "port": 7878}, "radarr4K": {"id": 7, "enabled": true, "apiKey": rng.hex(32), "defaultQualityProfile": "8", "defaultRootPath": "/movies-4k", "addOnly": false, "minimumAvailability": "released", "scanForAvailability": false, "prioritizeArrAvailability": false, "tag": null, "sendUserTags": false, "ssl": false, "subDir": "", "ip": "192.168.1.32", "port": 7878}}),
    );
    put(
        "lidarr",
        json!({"id": 8, "enabled": true, "apiKey": rng.hex(32), "defaultQualityProfile": "1", "defaultRootPath": "/music", "albumFolder": true, "metadataProfileId": 1, "addOnly": false, "ssl": false, "subDir": "", "ip": "192.168.1.33", "port": 8686}),
    );
    put(
        "CouchPotato",
        json!({"id": 9, "enabled": false, "apiKey": rng.hex(32), "defaultProfileId": null, "username": "cp", "password": "cp-secret", "ssl": false, "subDir": "", "ip": "", "port": 5050}),
    );
    put("DogNzb", json!({"id": 10, "enabled": false, "apiKey": rng.hex(32), "movies": false, "tvShows": false}));
    put(
        "SickRage",
        json!({"id": 11, "enabled": false, "apiKey": rng.hex(32), "qualityProfile": "default", "qualities": [], "ssl": false, "subDir": "", "ip": "", "port": 8081}),
    );
    put(
        "themoviedb",
        json!({"id": 12, "showAdultMovies": false, "excludedKeywordIds": [9715], "excludedMovieGenreIds": [], "excludedTvGenreIds": [10764], "originalLanguages": ["en", "de"]}),
    );
    put(
        "customization",
        json!({"id": 13, "applicationName": "Household Ombi", "applicationUrl": "https://ombi.household.example", "customCss": "", "enableCustomDonations": false, "customDonationUrl": null, "customDonationMessage": null, "logo": null, "recentlyAddedPage": true, "useCustomPage": false, "hideAvailableFromDiscover": false, "favicon": null, "hideAvailableRecentlyRequested": false}),
    );
    put(
        "landingpage",
        json!({"id": 14, "enabled": false, "noticeEnabled": true, "noticeText": "Requests are processed nightly.", "timeLimit": false, "startDateTime": "0001-01-01T00:00:00", "endDateTime": "0001-01-01T00:00:00", "expired": false}),
    );
    put(
        "authentication",
        json!({"id": 15, "allowNoPassword": false, "requireDigit": true, "requiredLength": 8, "requireLowercase": true, "requireNonAlphanumeric": false, "requireUppercase": false, "enableOAuth": true, "enableHeaderAuth": false, "headerAuthVariable": null, "headerAuthCreateUser": false}),
    );
    put(
        "Issues",
        json!({"id": 16, "enabled": true, "enableInProgress": true, "deleteIssues": false, "daysAfterResolvedToDelete": 0}),
    );
    put("vote", json!({"id": 17, "enabled": true, "movieVoteMax": 3, "musicVoteMax": 3, "tvShowVoteMax": 3}));
    put(
        "UserManagement",
        json!({"id": 18, "importPlexAdmin": true, "importPlexUsers": true, "cleanupPlexUsers": false, "importEmbyUsers": false, "importJellyfinUsers": false, "movieRequestLimit": 0, "episodeRequestLimit": 0, "musicRequestLimit": 0, "movieRequestLimitType": 1, "episodeRequestLimitType": 1, "musicRequestLimitType": 2, "defaultStreamingCountry": "US", "defaultRoles": ["RequestMovie", "RequestTv"], "bannedPlexUserIds": [], "bannedEmbyUserIds": [], "bannedJellyfinUserIds": []}),
    );
    put(
        "Update",
        json!({"id": 19, "autoUpdateEnabled": false, "username": "updater", "password": "update-secret", "processName": "Ombi", "useScript": false, "scriptLocation": null, "windowsServiceName": null, "windowsService": false, "testMode": false, "updateSchedule": null}),
    );
    put(
        "jobs",
        json!({"id": 20, "embyContentSync": "0 5 0/1 1/1 * ? *", "embyRecentlyAddedSync": "0 0/30 * 1/1 * ? *", "jellyfinContentSync": "0 5 0/1 1/1 * ? *", "sonarrSync": "0 10 0/1 1/1 * ? *", "radarrSync": "0 15 0/1 1/1 * ? *", "plexContentSync": "0 2 0/1 1/1 * ? *", "plexRecentlyAddedSync": "0 0/30 * 1/1 * ? *", "couchPotatoSync": "0 30 0/1 1/1 * ? *", "automaticUpdater": "0 0 0/6 1/1 * ? *", "userImporter": "0 0 0/1 1/1 * ? *", "sickRageSync": "0 35 0/1 1/1 * ? *", "newsletter": "0 0 12 ? * FRI *", "lidarrArtistSync": "0 40 0/1 1/1 * ? *", "issuesPurge": "0 0 0 1/1 * ? *", "retryRequests": "0 0 0/6 1/1 * ? *", "mediaDatabaseRefresh": "0 0 1 ? * SUN *", "autoDeleteRequests": "0 0 0 1/1 * ? *", "plexWatchlistImport": "0 0 0/1 1/1 * ? *"}),
    );
    put(
        "notifications/email",
        json!({"id": 21, "enabled": true, "host": "smtp.household.example", "password": "smtp-secret", "port": 587, "senderName": "Ombi", "senderAddress": "ombi@household.example", "username": "ombi", "authentication": true, "disableTLS": false, "disableCertificateChecking": false, "notificationTemplates": template(0)}),
    );
    put(
        "notifications/discord",
        json!({"id": 22, "enabled": true, "webhookUrl": format!("https://discord.com/api/webhooks/1234/{}", rng.hex(40)), "username": "Ombi", "icon": null, "hideUser": false, "notificationTemplates": template(1)}),
    );
    put(
        "notifications/telegram",
        json!({"id": 23, "enabled": false, "botApi": format!("123456:{}", rng.hex(30)), "chatId": "-100123", "parseMode": "Markdown", "notificationTemplates": template(4)}),
    );
    put(
        "notifications/pushbullet",
        json!({"id": 24, "enabled": false, "accessToken": rng.hex(32), "channelTag": null, "notificationTemplates": template(2)}),
    );
    put(
        "notifications/pushover",
        json!({"id": 25, "enabled": false, "accessToken": rng.hex(30), "userToken": rng.hex(30), "priority": 0, "sound": "pushover", "notificationTemplates": template(3)}),
    );
    put(
        "notifications/slack",
        json!({"id": 26, "enabled": false, "webhookUrl": format!("https://hooks.slack.com/services/{}", rng.hex(24)), "channel": "#media", "username": "ombi", "iconEmoji": null, "iconUrl": null, "notificationTemplates": template(5)}),
    );
    put(
        "notifications/mattermost",
        json!({"id": 27, "enabled": false, "webhookUrl": format!("https://mm.household.example/hooks/{}", rng.hex(26)), "channel": null, "username": null, "iconUrl": null, "notificationTemplates": template(6)}),
    );
    put(
        "notifications/gotify",
        json!({"id": 28, "enabled": false, "baseUrl": "https://gotify.household.example", "applicationToken": rng.hex(15), "priority": 5, "notificationTemplates": template(8)}),
    );
    put(
        "notifications/ntfy",
        json!({"id": 29, "enabled": false, "baseUrl": "https://ntfy.sh", "topic": "household-media", "authorizationHeader": format!("Bearer {}", rng.hex(24)), "priority": 3, "notificationTemplates": template(11)}),
    );
    put(
        "notifications/webhook",
        json!({"id": 30, "enabled": false, "webhookUrl": "https://hooks.household.example/ombi", "applicationToken": rng.hex(20)}),
    );
    put(
        "notifications/twilio",
        json!({"id": 31, "whatsAppSettings": {"enabled": false, "from": "+15550100", "accountSid": format!("AC{}", rng.hex(32)), "authToken": rng.hex(32), "notificationTemplates": template(10)}}),
    );
    put("notifications/mobile", json!({"id": 32, "notificationTemplates": template(7)}));
    put(
        "notifications/newsletter",
        json!({"id": 33, "disableTv": false, "disableMovies": false, "disableMusic": true, "enabled": false, "externalEmails": ["family@household.example"], "notificationTemplate": {"id": 3301, "notificationType": 11, "agent": 0, "subject": "This week", "message": "New on the server", "enabled": true}}),
    );
    s
}
