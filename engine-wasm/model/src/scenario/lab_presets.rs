//! Starting points for the app, written as share links: each is a setting of the lab's
//! schema entries that shows one of the seed scenarios, so that the app, a link and the
//! CLI's `run --link` all open the same system.

use serde::Serialize;

#[derive(Clone, Copy, Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct LabPreset {
    pub name: &'static str,
    pub title: &'static str,
    /// What to look for.
    pub description: &'static str,
    /// The link's query: only what differs from the defaults.
    pub link: &'static str,
}

pub const LAB_PRESETS: &[LabPreset] = &[
    LabPreset {
        name: "picket-fence",
        title: "Picket fence (S5): steady writes beside readers",
        description: "40 MiB/s of buffered writes and 4 random readers on a 5 ms LUN. Under the legacy models the backend bursts at each sync and reads wait behind the bursts; under OpenZFS both stay smooth.",
        link: "v=1",
    },
    LabPreset {
        name: "bursty-writes",
        title: "Bursty writes (S1): dirty data as a buffer",
        description: "200 MB/s for 10 s, then 10 s of silence, to a 100 MB/s LUN with zfs_dirty_data_max at 800 MiB: the tail of each burst is delayed. Move zfs_dirty_data_max to see when none is.",
        link: "v=1&zfs_dirty_data_max=800M&async_writers=16&async_rate=200000000&burst_on=10000&burst_off=10000&readers=0&lun_latency=500us&duration=60",
    },
    LabPreset {
        name: "dirty-band",
        title: "Dirty band (S2): concurrency finds the input rate",
        description: "60 MiB/s of writes to a 10 ms LUN with zfs_dirty_data_max at 1 GiB: dirty data settles inside the async-write band, where the number of writes in flight matches the input.",
        link: "v=1&zfs_dirty_data_max=1G&async_writers=16&async_rate=60M&readers=0&lun_latency=10ms",
    },
    LabPreset {
        name: "delay-tuning",
        title: "Delay tuning (S7): more writers than the pool can take",
        description: "64 writers as fast as admitted to a 100 MB/s LUN: dirty data climbs into the delay zone and most writes are delayed. Try zfs_delay_scale and zfs_delay_min_dirty_percent.",
        link: "v=1&async_writers=64&async_rate=0&readers=0&lun_latency=500us",
    },
    LabPreset {
        name: "hdd-mirror",
        title: "HDD mirror: writers as fast as admitted, and readers",
        description: "16 buffered writers as fast as admitted and 4 random readers on a mirror of two 7200 rpm HDDs: reads queued behind each sync's writes.",
        link: "v=1&device=hdd&mirror=2&async_writers=16&async_rate=0",
    },
    LabPreset {
        name: "resilver",
        title: "Resilver (S9): the legacy scheduler starves reads",
        description: "A resilver beside 4 random readers on an HDD mirror, legacy scheduler with zfs_vdev_max_pending 35: reads wait behind resilver I/O the drive reorders. Compare with OpenZFS's scrub class.",
        link: "v=1&device=hdd&mirror=2&async_writers=0&resilver=on&scheduler_model=legacy&zfs_vdev_max_pending=35&duration=60",
    },
    LabPreset {
        name: "zones",
        title: "Zone I/O throttle (S10): a reader and a streaming writer in two zones",
        description: "3 random readers and one thread streaming 8 KiB writes, each kind in its own zone, on four 7200 rpm disks under the 2011 models. The zone throttle delays the writer's calls until the readers are back near their solo latency: pin A, then turn zfs_zone_delay_enable off, or remove a workload to see the other alone.",
        link: "v=1&async_writers=1&async_block_size=8K&async_rate=0&readers=3&tenancy=per_workload&device=hdd&top_level_vdevs=4&throttle_model=legacy&scheduler_model=legacy&duration=60",
    },
    LabPreset {
        name: "metaslab",
        title: "Metaslab allocator (S11): random rewrites on an aged disk",
        description: "16 database writers rewrite random 8 KiB records of a 4 GiB file on a 64 GiB disk whose metaslabs are 62% full with 8% of holes, under the 2009 allocator: once a metaslab passes 70% full, best fit scatters the blocks and the vdev queue has little to aggregate. Pin A, then set allocator to 2010.",
        link: "v=1&async_writers=16&async_block_size=8K&recordsize=8K&file_size=4G&async_pattern=random&async_rate=0&readers=0&device=hdd&disk_capacity=64G&allocator=2009&pool_fill=62&pool_holes=8&zfs_dirty_data_max=512M&duration=60",
    },
    LabPreset {
        name: "steady-state",
        title: "Steady state (S12): run until the metrics settle",
        description: "32 writers as fast as admitted and 4 readers on a 100 MB/s LUN, sampled every second (240 s over 240 samples): the run stops one 20-interval window after 5 of its 6 metrics are steady (SNIA range and slope), and the summaries cover that window only.",
        link: "v=1&async_writers=32&async_rate=0&lun_latency=500us&duration=240&run_until=steady",
    },
    LabPreset {
        name: "ssd",
        title: "SSD pool: the throttle at flash speed",
        description: "16 writers at 400 MiB/s and 8 readers on one datacenter SSD: sub-millisecond reads, and how the curves behave when the backend is fast.",
        link: "v=1&device=ssd&async_writers=16&async_rate=400M&readers=8&duration=20",
    },
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique() {
        for (i, p) in LAB_PRESETS.iter().enumerate() {
            assert!(LAB_PRESETS[..i].iter().all(|q| q.name != p.name), "{}", p.name);
        }
    }
}
