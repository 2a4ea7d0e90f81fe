//! Where the bench's threads run (`PERF_PIN`). On a two-vCPU machine a wake-up costs a
//! context switch when both ends share a CPU and an inter-processor interrupt to a halted
//! vCPU when they do not, so a column measured with the threads placed by the scheduler can
//! differ by 50 µs from run to run. Pinned, every column of a run pays the same wake-ups.
//!
//! - `PERF_PIN=split`: the simulator's threads on CPU 1, this thread (and the servers it
//!   starts) on CPU 0;
//! - `PERF_PIN=same`: all of them on CPU 0;
//! - unset: wherever the scheduler puts them.

/// The layout asked for.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Layout {
    Free,
    Split,
    Same,
}

impl Layout {
    pub fn from_env() -> Layout {
        match std::env::var("PERF_PIN").as_deref() {
            Ok("split") => Layout::Split,
            Ok("same") => Layout::Same,
            Ok("") | Err(_) => Layout::Free,
            Ok(other) => panic!("PERF_PIN must be `split` or `same`, not `{other}`"),
        }
    }

    /// Pins this thread where the simulator's threads go (they inherit it when spawned).
    pub fn before_simulator(self) {
        match self {
            Layout::Free => {}
            Layout::Split => pin_this_thread(1),
            Layout::Same => pin_this_thread(0),
        }
    }

    /// Pins this thread where the clients (and the servers they start) run.
    pub fn after_simulator(self) {
        if self != Layout::Free {
            pin_this_thread(0);
        }
    }
}

#[cfg(target_os = "linux")]
fn pin_this_thread(cpu: usize) {
    // SAFETY: a zeroed cpu_set_t is an empty set; CPU_SET writes within it, and
    // sched_setaffinity(0, ..) reads it for the calling thread.
    let ok = unsafe {
        let mut set: libc::cpu_set_t = std::mem::zeroed();
        libc::CPU_SET(cpu, &mut set);
        libc::sched_setaffinity(0, std::mem::size_of::<libc::cpu_set_t>(), &set) == 0
    };
    assert!(ok, "could not pin to CPU {cpu}: {}", std::io::Error::last_os_error());
}

#[cfg(not(target_os = "linux"))]
fn pin_this_thread(_cpu: usize) {
    panic!("PERF_PIN works on Linux only");
}
