//! Named drives: each a device of the lab's models with the figures of its data sheet,
//! cited, and what the sheet promises, which `tests/it/drives.rs` measures the model
//! against. A scenario names one as its device's `preset`; any figure stays editable.
//!
//! A sheet gives seek times, spindle speed and transfer rates for an HDD, and latency,
//! IOPS and transfer rates for an SSD; the models take mechanism parameters (a die's read
//! and program times, a seek curve), so some are derived from the sheet (said where) and
//! a few are not on any sheet (said "assumed"). The models have no flash translation
//! layer: an SSD's program time is taken from its sequential write rate, which is what
//! ZFS's copy-on-write allocation asks of it, so 4 KiB random-write IOPS come out above a
//! sheet's steady-state figure.

use super::device::{DeviceSpec, HddParams, LunParams, SsdParams};

const KIB: u64 = 1 << 10;
const MIB: u64 = 1 << 20;
const GB: u64 = 1_000_000_000;
const US: u64 = 1_000;
const MS: u64 = 1_000_000;

/// What a drive's sheet promises, as the calibration test measures it.
#[derive(Clone, Copy, Debug)]
pub struct Sheet {
    /// One 4 KiB random read at queue depth 1 [ns]: an HDD's average seek plus average
    /// rotational latency, an SSD's typical random-read latency.
    pub read_qd1_ns: u64,
    /// One 4 KiB write at queue depth 1 [ns], where the sheet gives it.
    pub write_qd1_ns: Option<u64>,
    /// Sustained sequential write rate [bytes/s], where the sheet gives it.
    pub seq_write_bytes_per_s: Option<u64>,
}

/// A named drive.
#[derive(Clone, Debug)]
pub struct Drive {
    pub name: &'static str,
    pub title: &'static str,
    /// The data sheet (or measurement) each figure comes from, and what is derived or assumed.
    pub source: &'static str,
    pub spec: DeviceSpec,
    pub sheet: Option<Sheet>,
}

/// Every named drive, the lab's original presets first.
pub fn drives() -> Vec<Drive> {
    let hdd = HddParams::enterprise_7200();
    let ssd = SsdParams::datacenter();
    let lun = LunParams::array_100mbs();
    vec![
        Drive {
            name: "enterprise-7200",
            title: "7200 rpm enterprise HDD (the seed's S8 measurements)",
            source: "Calibrated to the seed documents' S8 measurements of a 7200 rpm disk.",
            spec: DeviceSpec::Hdd(hdd.clone()),
            sheet: None,
        },
        Drive {
            name: "5400-cmr",
            title: "5400 rpm CMR HDD",
            source: "Seek and rotation: Hitachi Travelstar 5K320 OEM Specification rev 1.5 (2010), 4.4.2: \
                     single track 1.0 ms, full stroke 20 ms, average read seek 12 ms, latency 5.5 ms. \
                     Media rate 120 MB/s assumed (not on the sheet).",
            spec: DeviceSpec::Hdd(HddParams {
                rpm: 5400,
                track_to_track_ns: MS,
                full_stroke_ns: 20 * MS,
                media_rate: 120_000_000,
                ..hdd.clone()
            }),
            sheet: Some(Sheet { read_qd1_ns: 12 * MS + 5_500 * US, write_qd1_ns: None, seq_write_bytes_per_s: None }),
        },
        Drive {
            name: "7200-hc310",
            title: "WD Ultrastar DC HC310 4 TB, 7200 rpm SATA",
            source: "WD Ultrastar DC HC310 OEM Specification rev 1.4 (2018), 4.5.1: track-to-track 0.23 ms, \
                     average read seek 7.4 ms, latency 4.16 ms; full stroke 13.7 ms derived from them \
                     (the model's seek grows with the square root of the distance). Media rate 175 MB/s: \
                     Seagate Constellation ES.3 product manual rev B, 4.1 (a 4 TB 7200 rpm sibling).",
            spec: DeviceSpec::Hdd(HddParams {
                rpm: 7200,
                track_to_track_ns: 230 * US,
                full_stroke_ns: 13_700 * US,
                media_rate: 175_000_000,
                ..hdd.clone()
            }),
            sheet: Some(Sheet {
                read_qd1_ns: 7_400 * US + 4_160 * US,
                write_qd1_ns: None,
                seq_write_bytes_per_s: None,
            }),
        },
        Drive {
            name: "10k-savvio",
            title: "Seagate Savvio 10K.4 600 GB, 10k rpm SAS",
            source: "Seagate Savvio 10K.4 SAS product manual rev A, 4.1-4.2.3: track-to-track 0.30 ms, full \
                     stroke 7.81 ms, average read seek 3.8 ms, latency 3.0 ms, 72-135 MB/s (the outer \
                     zone's, where ZFS allocates first), 600 MB/s per SAS port.",
            spec: DeviceSpec::Hdd(HddParams {
                rpm: 10_000,
                capacity: 600 * GB,
                track_to_track_ns: 300 * US,
                full_stroke_ns: 7_810 * US,
                media_rate: 135_000_000,
                interface_rate: 600_000_000,
                ..hdd.clone()
            }),
            sheet: Some(Sheet {
                read_qd1_ns: 3_800 * US + 3_000 * US,
                write_qd1_ns: None,
                seq_write_bytes_per_s: None,
            }),
        },
        Drive {
            name: "15k-cheetah",
            title: "Seagate Cheetah 15K.7 600 GB, 15k rpm SAS",
            source: "Seagate Cheetah 15K.7 SAS product manual, 4.2.3: latency 2.0 ms, 122-204 MB/s, 600 MB/s \
                     per port. Its seek table was not found: single track 0.2 ms, full stroke 4.9 ms and \
                     average read seek 2.6 ms from the Savvio 15K.1 product manual rev B (a 15k sibling).",
            spec: DeviceSpec::Hdd(HddParams {
                rpm: 15_000,
                capacity: 600 * GB,
                track_to_track_ns: 200 * US,
                full_stroke_ns: 4_900 * US,
                media_rate: 204_000_000,
                interface_rate: 600_000_000,
                ..hdd.clone()
            }),
            sheet: Some(Sheet {
                read_qd1_ns: 2_600 * US + 2_000 * US,
                write_qd1_ns: None,
                seq_write_bytes_per_s: None,
            }),
        },
        Drive {
            name: "smr-st8000dm004",
            title: "Seagate BarraCuda 8 TB ST8000DM004, drive-managed SMR",
            source: "Tom's Hardware review (2023) of the ST8000DM004: 5400 rpm, up to 190 MB/s, 256 MB cache. \
                     Seeks as the 5400-cmr drive (not on the sheet). The media cache (20 GB) and the \
                     shingled band (32 MiB) are assumed: no vendor publishes them; merging a band reads and \
                     rewrites it whole, so sequential writes past the cache halve (AnandTech measured \
                     100 to 50 MB/s on a Seagate Archive 8 TB) and random ones collapse.",
            spec: DeviceSpec::Hdd(HddParams {
                rpm: 5400,
                capacity: 8_000 * GB,
                track_to_track_ns: MS,
                full_stroke_ns: 20 * MS,
                media_rate: 190_000_000,
                smr_cache_bytes: 20 * GB,
                smr_band_bytes: 32 * MIB,
                ..hdd.clone()
            }),
            sheet: None,
        },
        Drive {
            name: "datacenter",
            title: "Datacentre SATA/SAS-class SSD (the lab's original)",
            source: "The lab's generic flash model: 8 channels of 4 dies, 70 us reads, 600 us programs.",
            spec: DeviceSpec::Ssd(ssd.clone()),
            sheet: None,
        },
        Drive {
            name: "sata-s4500",
            title: "Intel SSD DC S4500 1.92 TB, SATA",
            source: "Intel SSD DC S4500/S4600 product specification: typical random read 110 us, random \
                     write 52 us, sequential write 490 MB/s, 72,000 random-read IOPS at QD32, 99.9% \
                     write QoS 800 us, power-loss protection. Dies, read and program times derived from \
                     those; 64 MiB of write cache assumed; a garbage collection holding a die 800 us on \
                     one program in a thousand, from the QoS figure.",
            spec: DeviceSpec::Ssd(SsdParams {
                capacity: 1_920 * GB,
                channels: 2,
                dies_per_channel: 3,
                read_ns: 75 * US,
                program_ns: 400 * US,
                page_bytes: 32 * KIB,
                channel_rate: 400_000_000,
                overhead_ns: 25 * US,
                coalesce_ns: 200 * US,
                write_cache_bytes: 64 * MIB,
                power_loss_protection: true,
                stall_per_million: 1_000,
                stall_ns: 800 * US,
            }),
            sheet: Some(Sheet {
                read_qd1_ns: 110 * US,
                write_qd1_ns: Some(52 * US),
                seq_write_bytes_per_s: Some(490_000_000),
            }),
        },
        Drive {
            name: "nvme-p4500",
            title: "Intel SSD DC P4500 4 TB, NVMe",
            source: "Lenovo product guide for the Intel P4500 (table 2): random read latency 115 us, write \
                     20 us, sequential write 1.8 GB/s, 645,000 random-read IOPS. Dies, read and program \
                     times derived from those; 256 MiB of write cache assumed; power-loss protection.",
            spec: DeviceSpec::Ssd(SsdParams {
                capacity: 4_000 * GB,
                channels: 8,
                dies_per_channel: 8,
                read_ns: 97 * US,
                program_ns: 1_160 * US,
                page_bytes: 32 * KIB,
                channel_rate: 1_600_000_000,
                overhead_ns: 15 * US,
                coalesce_ns: 200 * US,
                write_cache_bytes: 256 * MIB,
                power_loss_protection: true,
                stall_per_million: 0,
                stall_ns: 0,
            }),
            sheet: Some(Sheet {
                read_qd1_ns: 115 * US,
                write_qd1_ns: Some(20 * US),
                seq_write_bytes_per_s: Some(1_800_000_000),
            }),
        },
        Drive {
            name: "optane-p4800x",
            title: "Intel Optane SSD DC P4800X 375 GB (3D XPoint)",
            source: "Intel's figures as AnandTech tabulated them (P4800X 750GB hands-on review) and measured \
                     (P4800X review, 'Checking Intel's numbers'): under 10 us typical reads and writes \
                     (8.9 us mean QD1 4 KiB read measured), 550,000 random-read IOPS at QD16, 2.0 GB/s \
                     sequential write. No erase: a 4 KiB write goes straight to the media.",
            spec: DeviceSpec::Ssd(SsdParams {
                capacity: 375 * GB,
                channels: 1,
                dies_per_channel: 3,
                read_ns: 5 * US,
                program_ns: 6 * US,
                page_bytes: 4 * KIB,
                channel_rate: 2_400_000_000,
                overhead_ns: 2 * US,
                coalesce_ns: 0,
                write_cache_bytes: 0,
                power_loss_protection: true,
                stall_per_million: 0,
                stall_ns: 0,
            }),
            sheet: Some(Sheet {
                read_qd1_ns: 8_900,
                write_qd1_ns: Some(10 * US),
                seq_write_bytes_per_s: Some(2_000_000_000),
            }),
        },
        Drive {
            name: "array-100mbs",
            title: "Array LUN, 100 MB/s (the seed's backend)",
            source: "The seed documents' backend: 100 MB/s sustained, 0.5 ms base latency.",
            spec: DeviceSpec::Lun(lun.clone()),
            sheet: None,
        },
        Drive {
            name: "ceph-rbd",
            title: "Ceph RBD image on an NVMe cluster (3x replication)",
            source: "Ceph Reef RBD performance (ceph.com blog, 2023; 60 NVMe, 3x replication): 4 KiB \
                     synchronous writes under 0.5 ms average and at the 99th percentile, under 0.8 ms at \
                     the 99.9th, at most 8 ms. One image's bandwidth (1 GB/s) assumed.",
            spec: DeviceSpec::Lun(LunParams {
                capacity: 10_000 * GB,
                bandwidth: 1_000_000_000,
                base_latency_ns: 450 * US,
                rotational: false,
                stall_per_million: 200,
                stall_ns: 7 * MS,
            }),
            sheet: Some(Sheet { read_qd1_ns: 450 * US, write_qd1_ns: Some(450 * US), seq_write_bytes_per_s: None }),
        },
        Drive {
            name: "iscsi-10g",
            title: "iSCSI LUN over 10 GbE",
            source: "Vendor glossaries (nvme-storage.com, nvme-tcp.com 'Latency'): iSCSI 100-300 us typical, \
                     the 99th percentile spiking to 10-50 ms under load; weak evidence, so edit to the \
                     customer's measurements. 10 GbE's 1.1 GB/s.",
            spec: DeviceSpec::Lun(LunParams {
                capacity: 10_000 * GB,
                bandwidth: 1_100_000_000,
                base_latency_ns: 200 * US,
                rotational: false,
                stall_per_million: 10_000,
                stall_ns: 20 * MS,
            }),
            sheet: Some(Sheet { read_qd1_ns: 200 * US, write_qd1_ns: None, seq_write_bytes_per_s: None }),
        },
    ]
}

/// The drive named `name`, if it is of the same kind as `kind` (`hdd`, `ssd`, `lun`).
pub fn find(kind: &str, name: &str) -> Option<Drive> {
    drives().into_iter().find(|d| d.name == name && d.spec.kind() == kind)
}

/// The names of the drives of `kind`, for a message.
pub fn names(kind: &str) -> Vec<&'static str> {
    drives().into_iter().filter(|d| d.spec.kind() == kind).map(|d| d.name).collect()
}
