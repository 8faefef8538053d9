fn main() {
    std::process::exit(minip::cli::run());
}
