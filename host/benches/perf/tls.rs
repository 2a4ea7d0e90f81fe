//! A loopback TLS listener in front of the simulator (a test certificate for localhost and
//! 127.0.0.1, signed by the test CA in `tls/ca.pem`), so HTTPS costs can be measured.

use std::sync::Arc;

use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, PrivateKeyDer};
use tokio::net::{TcpListener, TcpStream};

pub const CA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/benches/perf/tls/ca.pem");
const CERT: &[u8] = include_bytes!("tls/cert.pem");
const KEY: &[u8] = include_bytes!("tls/key.pem");

/// Starts the forwarder on its own thread; returns `https://localhost:PORT`.
pub fn front(upstream: String) -> String {
    let certs: Vec<CertificateDer<'static>> =
        CertificateDer::pem_slice_iter(CERT).collect::<Result<_, _>>().expect("test certificate");
    let key = PrivateKeyDer::from_pem_slice(KEY).expect("test key");
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let config = rustls::ServerConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .expect("versions")
        .with_no_client_auth()
        .with_single_cert(certs, key)
        .expect("server config");
    let acceptor = tokio_rustls::TlsAcceptor::from(Arc::new(config));
    let std_listener = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
    std_listener.set_nonblocking(true).expect("nonblocking");
    let port = std_listener.local_addr().expect("addr").port();
    std::thread::spawn(move || {
        let rt = tokio::runtime::Builder::new_multi_thread().worker_threads(1).enable_all().build().expect("rt");
        rt.block_on(async move {
            let listener = TcpListener::from_std(std_listener).expect("listener");
            loop {
                let Ok((sock, _)) = listener.accept().await else { continue };
                let _ = sock.set_nodelay(true);
                let acceptor = acceptor.clone();
                let upstream = upstream.clone();
                tokio::spawn(async move {
                    let Ok(mut tls) = acceptor.accept(sock).await else { return };
                    let Ok(mut plain) = TcpStream::connect(&upstream).await else { return };
                    let _ = plain.set_nodelay(true);
                    let _ = tokio::io::copy_bidirectional(&mut tls, &mut plain).await;
                });
            }
        });
    });
    format!("https://localhost:{port}")
}
