//! What the fake Discord REST servers of the Discord tests share: reading
//! a request as serenity sends it, and the message objects they answer with.

use axum::extract::{FromRequest, Multipart, Request};
use serde_json::{json, Value};

/// The bot's user (and application) id on the fake Discord.
pub const BOT_ID: &str = "900000000000000001";
/// The channel the tests play in.
pub const CHANNEL_ID: &str = "800000000000000001";
/// The id the fake gives every message it stores.
pub const MESSAGE_ID: &str = "300000000000000099";

/// The bot's user object.
pub fn bot_user_json() -> Value {
    json!({"id": BOT_ID, "username": "shashki", "discriminator": "0", "global_name": null, "avatar": null, "bot": true})
}

/// The message object the fake answers a post or an edit with: the bot's
/// message `content` in the tests' channel.
pub fn message_json(content: &str) -> Value {
    json!({
        "id": MESSAGE_ID,
        "channel_id": CHANNEL_ID,
        "author": bot_user_json(),
        "content": content,
        "timestamp": "2024-01-01T00:00:00.000000+00:00",
        "edited_timestamp": null,
        "tts": false,
        "mention_everyone": false,
        "mentions": [],
        "mention_roles": [],
        "attachments": [],
        "embeds": [],
        "pinned": false,
        "type": 0,
        "flags": 0,
        "components": []
    })
}

/// A file part of a multipart request: (field name, file name, content
/// type, bytes).
pub type Part = (String, String, String, Vec<u8>);

/// A REST request's method, path, JSON body (a multipart request's
/// `payload_json`) and file parts.
pub async fn read_request(req: Request) -> (String, String, Value, Vec<Part>) {
    let method = req.method().to_string();
    let path = req.uri().path().to_string();
    let ctype = req
        .headers()
        .get("content-type")
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
        .to_string();
    let mut body = Value::Null;
    let mut files = Vec::new();
    if ctype.starts_with("multipart/form-data") {
        let mut mp = Multipart::from_request(req, &()).await.expect("multipart");
        while let Some(field) = mp.next_field().await.expect("field") {
            let name = field.name().unwrap_or("").to_string();
            match field.file_name().map(str::to_string) {
                Some(file_name) => {
                    let ctype = field.content_type().unwrap_or("").to_string();
                    let bytes = field.bytes().await.unwrap().to_vec();
                    files.push((name, file_name, ctype, bytes))
                }
                None if name == "payload_json" => {
                    body = serde_json::from_str(&field.text().await.unwrap()).unwrap()
                }
                None => {}
            }
        }
    } else {
        let bytes = axum::body::to_bytes(req.into_body(), 10 << 20)
            .await
            .unwrap();
        if !bytes.is_empty() {
            body = serde_json::from_slice(&bytes).expect("JSON body");
        }
    }
    (method, path, body, files)
}
