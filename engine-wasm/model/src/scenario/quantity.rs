//! A whole number in a field's unit, as a scenario file gives it: a JSON number, or text
//! with units (`"4G"`, `"10ms"`, `"60%"`) read exactly by `units::parse_value`. Written
//! back in the shortest exact form (`"4G"`), or as a plain number when that is shortest.
//! Ranges are not checked here: `resolve.rs` does, naming the field.

use crate::units::{format_value, parse_value, Unit};
use serde::de::{self, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::marker::PhantomData;

/// The unit of a quantity field, known from the field's type.
pub trait UnitOf {
    const UNIT: Unit;
}

macro_rules! units {
    ($($(#[$doc:meta])* $name:ident = $unit:expr;)*) => {$(
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub struct $name;
        impl UnitOf for $name {
            const UNIT: Unit = $unit;
        }
    )*};
}

units! {
    /// Bytes, or a size such as `4G` (binary suffixes); also rates in bytes per second.
    Bytes = Unit::Bytes;
    /// Nanoseconds, or a time such as `10ms`.
    Nanoseconds = Unit::Nanoseconds;
    /// A plain count.
    Count = Unit::Count;
    /// A whole percent, `60` or `60%`.
    Percent = Unit::Percent;
}

/// A value of unit `U`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Quantity<U>(pub u64, PhantomData<U>);

impl<U> Quantity<U> {
    pub fn new(value: u64) -> Self {
        Quantity(value, PhantomData)
    }
}

impl<U: UnitOf> Serialize for Quantity<U> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let text = format_value(U::UNIT, self.0);
        if text.bytes().all(|b| b.is_ascii_digit()) {
            s.serialize_u64(self.0)
        } else {
            s.serialize_str(&text)
        }
    }
}

impl<'de, U: UnitOf> Deserialize<'de> for Quantity<U> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Read<U>(PhantomData<U>);
        impl<U: UnitOf> Visitor<'_> for Read<U> {
            type Value = Quantity<U>;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a number or text with units")
            }

            fn visit_u64<E: de::Error>(self, v: u64) -> Result<Self::Value, E> {
                Ok(Quantity::new(v))
            }

            fn visit_i64<E: de::Error>(self, v: i64) -> Result<Self::Value, E> {
                u64::try_from(v).map(Quantity::new).map_err(|_| not_whole(v))
            }

            fn visit_f64<E: de::Error>(self, v: f64) -> Result<Self::Value, E> {
                Err(not_whole(v))
            }

            fn visit_str<E: de::Error>(self, v: &str) -> Result<Self::Value, E> {
                parse_value(U::UNIT, v)
                    .map(Quantity::new)
                    .map_err(|problem| E::custom(format!("cannot read '{}': {problem}", crate::messages::shown(v))))
            }
        }
        d.deserialize_any(Read(PhantomData))
    }
}

fn not_whole<E: de::Error>(v: impl fmt::Display) -> E {
    // A float's digits can run to hundreds of characters: shown shortened, as text is.
    E::custom(format!("{} is not a whole number from 0 up", crate::messages::shown(&v.to_string())))
}

/// A tunable's value as the file gives it, a number or text with units, kept as text:
/// its unit is the tunable's, known only once its name is (`resolve.rs` reads it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TunableText(pub String);

impl Serialize for TunableText {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self.0.parse::<u64>() {
            Ok(n) if n.to_string() == self.0 => s.serialize_u64(n),
            _ => s.serialize_str(&self.0),
        }
    }
}

impl<'de> Deserialize<'de> for TunableText {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Read;
        impl Visitor<'_> for Read {
            type Value = TunableText;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a number or text with units")
            }

            fn visit_u64<E: de::Error>(self, v: u64) -> Result<TunableText, E> {
                Ok(TunableText(v.to_string()))
            }

            fn visit_i64<E: de::Error>(self, v: i64) -> Result<TunableText, E> {
                Ok(TunableText(v.to_string()))
            }

            fn visit_f64<E: de::Error>(self, v: f64) -> Result<TunableText, E> {
                Ok(TunableText(v.to_string()))
            }

            fn visit_str<E: de::Error>(self, v: &str) -> Result<TunableText, E> {
                Ok(TunableText(v.to_string()))
            }
        }
        d.deserialize_any(Read)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read<U: UnitOf>(json: &str) -> Result<u64, String> {
        serde_json::from_str::<Quantity<U>>(json).map(|q| q.0).map_err(|e| e.to_string())
    }

    #[test]
    fn numbers_and_text_with_units_read_exactly() {
        assert_eq!(read::<Bytes>("4096"), Ok(4096));
        assert_eq!(read::<Bytes>(r#""4G""#), Ok(4 << 30));
        assert_eq!(read::<Nanoseconds>(r#""10ms""#), Ok(10_000_000));
        assert_eq!(read::<Percent>(r#""60%""#), Ok(60));
        assert!(read::<Bytes>(r#""4X""#).is_err_and(|e| e.starts_with("cannot read '4X': unknown unit 'X'")));
        assert!(read::<Count>("-1").is_err_and(|e| e.starts_with("-1 is not a whole number from 0 up")));
        assert!(read::<Count>("1.5").is_err_and(|e| e.starts_with("1.5 is not a whole number from 0 up")));
        assert!(read::<Count>("true").is_err_and(|e| e.contains("expected a number or text with units")));
    }

    #[test]
    fn written_back_in_the_shortest_exact_form() {
        fn json(v: &impl Serialize) -> String {
            serde_json::to_string(v).unwrap_or_default()
        }
        assert_eq!(json(&Quantity::<Bytes>::new(4 << 30)), r#""4G""#);
        assert_eq!(json(&Quantity::<Bytes>::new(1000)), "1000");
        assert_eq!(json(&Quantity::<Nanoseconds>::new(1_500_000)), r#""1500us""#);
        assert_eq!(json(&Quantity::<Percent>::new(60)), "60");
        assert_eq!(json(&TunableText("1G".into())), r#""1G""#);
        assert_eq!(json(&TunableText("10".into())), "10");
    }
}
