//! Starting points for the app, written as share links: each is a setting of the lab's
//! schema entries that shows one symptom (most of them one of the seed scenarios), so
//! that the app, a link, a lesson and the CLI's `run --link` all open the same system.

use serde::Serialize;

#[derive(Clone, Copy, Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct LabPreset {
    pub name: &'static str,
    /// The symptom it shows, as a customer would say it.
    pub title: &'static str,
    /// Where it comes from: the seed scenario and its source, or the data it rests on.
    pub source: &'static str,
    /// What to look for.
    pub description: &'static str,
    /// The link's query: only what differs from the defaults.
    pub link: &'static str,
}

pub const LAB_PRESETS: &[LabPreset] = &[
    LabPreset {
        name: "picket-fence",
        title: "Reads wait behind each sync's burst",
        source: "Seed S5, picket-fencing (Leventhal, Delphix, 2013)",
        description: "40 MiB/s of buffered writes and 4 random readers on a 5 ms LUN. Under the legacy models the backend bursts at each sync and reads wait behind the bursts; under OpenZFS both stay smooth.",
        link: "v=1",
    },
    LabPreset {
        name: "brick-wall",
        title: "Writers stall for seconds at the legacy write limit",
        source: "Seed S4, the legacy write throttle (Leventhal, Delphix, 2013)",
        description: "1000 threads of 8 KiB writes (8 KiB records) against a 100 MB/s LUN under the 2008 write throttle: most writes run at memory speed, tens of thousands wait a 10 ms tick past 7/8 of the txg's write limit, and at the limit every thread waits seconds for the next txg. The write latency histogram has three modes and the application's throughput drops to nothing between txgs.",
        link: "v=1&throttle_model=legacy&scheduler_model=legacy&legacy_era=2008&async_writers=1000&async_block_size=8K&recordsize=8K&async_rate=1G&readers=0&lun_latency=500us&duration=40",
    },
    LabPreset {
        name: "bursty-writes",
        title: "The tail of each write burst is delayed",
        source: "Seed S1, dirty data as a buffer (Leventhal, Delphix, 2013)",
        description: "200 MB/s for 10 s, then 10 s of silence, to a 100 MB/s LUN with zfs_dirty_data_max at 800 MiB: the tail of each burst is delayed. Move zfs_dirty_data_max to see when none is.",
        link: "v=1&zfs_dirty_data_max=800M&async_writers=16&async_rate=200000000&burst_on=10000&burst_off=10000&readers=0&lun_latency=500us&duration=60",
    },
    LabPreset {
        name: "dirty-band",
        title: "Dirty data settles where writes in flight match the input",
        source: "Seed S2, the async-write curve (Leventhal, Delphix, 2013)",
        description: "60 MiB/s of writes to a 10 ms LUN with zfs_dirty_data_max at 1 GiB: dirty data settles inside the async-write band, where the number of writes in flight matches the input.",
        link: "v=1&zfs_dirty_data_max=1G&async_writers=16&async_rate=60M&readers=0&lun_latency=10ms",
    },
    LabPreset {
        name: "delay-tuning",
        title: "Nearly every write is delayed",
        source: "Seed S7, tuning the write delay (Leventhal, Delphix, 2013)",
        description: "64 writers as fast as admitted to a 100 MB/s LUN: dirty data climbs into the delay zone and most writes are delayed. Try zfs_delay_scale and zfs_delay_min_dirty_percent.",
        link: "v=1&async_writers=64&async_rate=0&readers=0&lun_latency=500us",
    },
    LabPreset {
        name: "fast-then-slow",
        title: "Writes start fast, then slow to the pool's pace",
        source: "A customer's symptom; the write delay of seed S7 (Leventhal, Delphix, 2013)",
        description: "64 writers as fast as admitted into empty dirty data (4 GiB allowed) on a 100 MB/s LUN: the first moments run at memory speed, then the write delay holds the writers to what the LUN writes. The application sees a burst and then a floor.",
        link: "v=1&async_writers=64&async_rate=0&readers=0&lun_latency=500us&duration=20",
    },
    LabPreset {
        name: "long-syncs",
        title: "Each txg takes half a minute to sync",
        source: "Seed S6, txg sync times on a busy pool (Leventhal, Delphix, 2013)",
        description: "16 writers as fast as admitted and 4 readers on a 100 MB/s LUN with the default 4 GiB of dirty data: while one txg syncs the next fills to the delay's level, so a txg holds gigabytes and its sync takes tens of seconds, far past zfs_txg_timeout.",
        link: "v=1&async_writers=16&async_rate=0&readers=4&lun_latency=5ms&duration=60",
    },
    LabPreset {
        name: "hdd-mirror",
        title: "Reads queue behind each sync's writes on HDDs",
        source: "The lab's default pool; HDD figures of seed S8 (ZIO scheduling, 2014)",
        description: "16 buffered writers as fast as admitted and 4 random readers on a mirror of two 7200 rpm HDDs: reads queued behind each sync's writes.",
        link: "v=1&device=hdd&mirror=2&async_writers=16&async_rate=0",
    },
    LabPreset {
        name: "resilver",
        title: "Reads starve behind a resilver",
        source: "Seed S9, ZIO scheduling and resilver workloads (2014)",
        description: "A resilver beside 4 random readers on an HDD mirror, legacy scheduler with zfs_vdev_max_pending 35: reads wait behind resilver I/O the drive reorders. Compare with OpenZFS's scrub class.",
        link: "v=1&device=hdd&mirror=2&async_writers=0&resilver=on&scheduler_model=legacy&zfs_vdev_max_pending=35&duration=60",
    },
    LabPreset {
        name: "zones",
        title: "A zone's streaming writes slow another zone's reads",
        source: "Seed S10, the zone I/O throttle (Joyent, 2011)",
        description: "3 random readers and one thread streaming 8 KiB writes, each kind in its own zone, on four 7200 rpm disks under the 2011 models. The zone throttle delays the writer's calls until the readers are back near their solo latency: pin A, then turn zfs_zone_delay_enable off, or remove a workload to see the other alone.",
        link: "v=1&async_writers=1&async_block_size=8K&async_rate=0&readers=3&tenancy=per_workload&device=hdd&top_level_vdevs=4&throttle_model=legacy&scheduler_model=legacy&duration=60",
    },
    LabPreset {
        name: "noisy-tenant",
        title: "A streaming writer starves another zone's reads",
        source: "Seed S10, the zone I/O throttle (Joyent, 2011), with the throttle off",
        description: "The zones preset with zfs_zone_delay_enable off: one thread streaming 8 KiB writes in one zone, 3 random readers in another, on four 7200 rpm disks under the 2011 models. Each txg's writes fill the disks' queues and the readers get a tenth of their reads at ten times their latency.",
        link: "v=1&async_writers=1&async_block_size=8K&async_rate=0&readers=3&tenancy=per_workload&device=hdd&top_level_vdevs=4&throttle_model=legacy&scheduler_model=legacy&zfs_zone_delay_enable=off&duration=30",
    },
    LabPreset {
        name: "metaslab",
        title: "Random rewrites slow down as metaslabs fill",
        source: "Seed S11, metaslab allocation (Bourbonnais, Sun, 2010)",
        description: "16 database writers rewrite random 8 KiB records of a 4 GiB file on a 64 GiB disk whose metaslabs are 62% full with 8% of holes, under the 2009 allocator: once a metaslab passes 70% full, best fit scatters the blocks and the vdev queue has little to aggregate. Pin A, then set allocator to 2010.",
        link: "v=1&async_writers=16&async_block_size=8K&recordsize=8K&file_size=4G&async_pattern=random&async_rate=0&readers=0&device=hdd&disk_capacity=64G&allocator=2009&pool_fill=62&pool_holes=8&zfs_dirty_data_max=512M&duration=60",
    },
    LabPreset {
        name: "steady-state",
        title: "Figures that drift until the run settles",
        source: "Seed S12, array-level steady state (McKenzie, iXsystems, SDC 2020)",
        description: "32 writers as fast as admitted and 4 readers on a 100 MB/s LUN, sampled every second (240 s over 240 samples): the run stops one 20-interval window after 5 of its 6 metrics are steady (SNIA range and slope), and the summaries cover that window only.",
        link: "v=1&async_writers=32&async_rate=0&lun_latency=500us&duration=240&run_until=steady",
    },
    LabPreset {
        name: "ssd",
        title: "Sub-millisecond reads beside 400 MiB/s of writes",
        source: "Not a seed: a datacenter SSD's figures (scenario device presets)",
        description: "16 writers at 400 MiB/s and 8 readers on one datacenter SSD: sub-millisecond reads, and how the curves behave when the backend is fast.",
        link: "v=1&device=ssd&async_writers=16&async_rate=400M&readers=8&duration=20",
    },
    LabPreset {
        name: "raidz2-12",
        title: "Small blocks pay RAID-Z parity and padding",
        source: "WD Ultrastar HC310 data sheet; RAID-Z allocation of vdev_raidz.c",
        description: "12 WD Ultrastar HC310 in two 6-wide RAID-Z2, 16 writers of 1 MiB records at 1 GB/s and 4 readers for 10 s (about ten txgs): each block is 64 rows of 4 data and 2 parity sectors over its vdev's children. Try 8K records to see small blocks on wide RAID-Z pay parity and padding, or raidz1.",
        link: "v=1&drive=7200-hc310&top_level_vdevs=2&mirror=6&raidz=raidz2&async_writers=16&async_block_size=1M&recordsize=1M&async_rate=1000000000&readers=4&duration=10",
    },
    LabPreset {
        name: "oss-0.6.5",
        title: "A 12.8 GiB dirty limit on a 128 GiB Lustre OSS",
        source: "OpenZFS 0.6.5 arc_init() defaults; Lustre's OSD waits for txgs",
        description: "0.6.5 derives zfs_dirty_data_max from RAM with no 4 GiB cap (12.8 GiB here), and the OSD waits for txgs to sync instead of using a ZIL: 600 MB/s of 1 MiB writes and 4 threads in txg_wait_synced() on two 10-wide RAID-Z2. Compare release 0.7, which caps the limit at 4 GiB.",
        link: "v=1&release=0.6.5&ram=128G&drive=7200-hc310&top_level_vdevs=2&mirror=10&raidz=raidz2&async_writers=16&async_block_size=1M&recordsize=1M&async_rate=600M&readers=0&sync_writers=4&sync_wait=txg&duration=20",
    },
    LabPreset {
        name: "small-ram-0.6.4",
        title: "Back-to-back txgs and delayed writes on a 2 GiB machine",
        source: "OpenZFS 0.6.4 defaults: dirty data from RAM (arc_init())",
        description: "A 2 GiB machine on 0.6.4: zfs_dirty_data_max is 10% of RAM (205 MiB) and a txg syncs once 64 MiB are dirty (zfs_dirty_data_sync, absolute bytes before 0.8): short txgs, and readers on the HDD mirror wait behind them.",
        link: "v=1&release=0.6.4&ram=2G&drive=7200-hc310&mirror=2&async_writers=8&async_rate=0&readers=2",
    },
    LabPreset {
        name: "ceph-rbd",
        title: "Writes stuck far below a distant LUN's bandwidth",
        source: "Ceph Reef RBD figures (ceph.com, 2023)",
        description: "One vdev on a Ceph RBD image: 10 ms mean latency and a tail of rare 7 ms stalls (lun_stall_per_million and lun_stall set the variance), 16 writers as fast as admitted and 4 readers. The write throttle sees a slow but deep backend.",
        link: "v=1&drive=ceph-rbd&lun_latency=10ms&async_writers=16&async_rate=0&readers=4",
    },
    LabPreset {
        name: "dsync-hdd",
        title: "Every O_DSYNC write waits for the HDDs",
        source: "Not a seed: the ZIL without a log device (zil.c)",
        description: "8 O_DSYNC writers and 4 readers on a mirror of two 7200 rpm HDDs with no log device: each write returns once its log block is on both disks and their caches are flushed, tens of milliseconds. Add a log device (slog) to compare.",
        link: "v=1&drive=7200-hc310&mirror=2&sync_writers=8&async_writers=0&readers=4&duration=20",
    },
    LabPreset {
        name: "slog",
        title: "O_DSYNC commits at an SSD's latency",
        source: "Not a seed: the ZIL with a log device (zil.c)",
        description: "8 O_DSYNC writers and 4 readers on an HDD mirror with a SATA datacenter SSD (Intel DC S4500, power-loss protection) as the log device: commits take the SSD's latency. Set logbias to throughput to see the data go to the HDDs in place, or slog to none.",
        link: "v=1&drive=7200-hc310&mirror=2&slog=ssd&slog_drive=sata-s4500&sync_writers=8&async_writers=0&readers=4",
    },
    LabPreset {
        name: "nvme-4k",
        title: "The device writes far more than the clients",
        source: "Intel P4500 data sheet; indirect blocks of dbuf.c",
        description: "32 threads writing 40 MB/s of 4 KiB random records on an Intel P4500: the device writes far more than the clients, as each record dirties an indirect block of its own, written in two copies of about 52 KiB (128 KiB of block pointers, compressed). Set async_rate to 0 to see the throttle delay every write (a heavy run).",
        link: "v=1&drive=nvme-p4500&async_writers=32&async_block_size=4K&recordsize=4K&async_pattern=random&async_rate=40M&readers=0&duration=10",
    },
    LabPreset {
        name: "zvol-ssd",
        title: "Each zvol write dirties an indirect block too",
        source: "Intel S4500 data sheet; indirect blocks of dbuf.c",
        description: "A 16 GiB zvol of 8 KiB blocks on six mirrors of Intel S4500s, 80 MB/s of 8 KiB random writes and 4 readers: each write dirties its block and an indirect block; see the metadata in the txg sizes.",
        link: "v=1&dataset=zvol&recordsize=8K&file_size=16G&drive=sata-s4500&top_level_vdevs=6&mirror=2&async_writers=16&async_block_size=8K&async_pattern=random&async_rate=80M&readers=4&duration=20",
    },
    LabPreset {
        name: "scrub-latency",
        title: "Reads slow while a scrub runs",
        source: "Not a seed: the scan of dsl_scan.c and the scrub class of vdev_queue.c",
        description: "A scrub on a mirror of two 7200 rpm HDDs beside 4 random readers: the scrub's large reads take the disks between the readers' and their latency doubles and more. Pin A and set scrub off to see them alone.",
        link: "v=1&drive=7200-hc310&mirror=2&scrub=on&async_writers=0&readers=4&duration=30",
    },
    LabPreset {
        name: "scrub-limit",
        title: "Raising zfs_scan_vdev_limit barely moves a busy scrub",
        source: "Not a seed: zfs_scan_vdev_limit of dsl_scan.c (16 MiB since 2.2)",
        description: "A scrub on an HDD mirror beside 4 writers and 4 readers, zfs_scan_vdev_limit at 64 MiB (16 MiB by default since 2.2, 4 MiB before). While the clients keep a disk busy the scrub class gets zfs_vdev_scrub_min_active I/Os on it (the NIA credit), so more bytes in flight change little: the scrub and the readers run much as at 16 MiB. Below about 1 MiB the limit starts to hold the scrub back, and the readers gain.",
        link: "v=1&drive=7200-hc310&mirror=2&scrub=on&zfs_scan_vdev_limit=64M&async_writers=4&readers=4",
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
